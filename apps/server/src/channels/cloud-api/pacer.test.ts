import { describe, expect, it } from 'vitest';
import { Pacer } from './pacer.js';

/** The most instants that fall within any one-second window `[t, t + 1000)`. */
function busiestSecond(times: readonly number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  let first = 0;
  for (let last = 0; last < sorted.length; last++) {
    while ((sorted[last] as number) - (sorted[first] as number) >= 1000) first++;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

/** Blocks the event loop, as a long synchronous task or a paused process would. */
function stallLoop(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy: no timer can fire meanwhile
  }
}

/** Starts `count` sends at once; resolves with the instant each one was let go. */
function burst(pacer: Pacer, count: number): Promise<number[]> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      await pacer.take();
      return performance.now();
    }),
  );
}

describe('Pacer', () => {
  it('keeps every second under the rate when the event loop stalls mid-burst', async () => {
    const pacer = new Pacer(() => 20);
    const sends = burst(pacer, 50);
    await new Promise((resolve) => setTimeout(resolve, 260));
    stallLoop(700);
    const times = await sends;
    expect(busiestSecond(times)).toBeLessThanOrEqual(20);
  });

  it('keeps every second under the rate across several stalls', async () => {
    const pacer = new Pacer(() => 40);
    const sends = burst(pacer, 90);
    for (const pause of [300, 450, 200]) {
      await new Promise((resolve) => setTimeout(resolve, 150));
      stallLoop(pause);
    }
    expect(busiestSecond(await sends)).toBeLessThanOrEqual(40);
  });

  it('sends at the rate without a stall, first at once, then one interval apart, in order', async () => {
    const pacer = new Pacer(() => 20);
    const started = performance.now();
    const order: number[] = [];
    const times = await Promise.all(
      Array.from({ length: 21 }, async (_, i) => {
        await pacer.take();
        order.push(i);
        return performance.now() - started;
      }),
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(times[0]).toBeLessThan(20);
    // 20 intervals of 50 ms; the timers' own lateness is allowed, not a burst.
    expect(times.at(-1)).toBeGreaterThanOrEqual(20 * 50 - 2);
    expect(times.at(-1)).toBeLessThan(20 * 50 + 400);
    for (let i = 1; i < times.length; i++) {
      expect((times[i] as number) - (times[i - 1] as number)).toBeGreaterThanOrEqual(50 - 2);
    }
  });

  it('follows a rate that changes while sends wait', async () => {
    let rate = 10;
    const pacer = new Pacer(() => rate);
    const started = performance.now();
    const sends = burst(pacer, 6);
    await new Promise((resolve) => setTimeout(resolve, 50));
    rate = 100;
    const times = await sends;
    // At 10/s the sixth would leave after 500 ms; at 100/s after about 150.
    expect((times.at(-1) as number) - started).toBeLessThan(350);
  });
});
