import { expect, it } from 'vitest';
import { immediately, oneTurnEach } from './one-at-a-time.js';

const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until) {}
};

it('runs tasks one after another, letting the event loop turn between them', async () => {
  const schedule = oneTurnEach();
  const log: string[] = [];
  const task = (name: string) => async () => {
    busy(3);
    log.push(name);
    return name;
  };
  const all = Promise.all([schedule(task('a')), schedule(task('b')), schedule(task('c'))]);
  setTimeout(() => log.push('timer'), 0);
  expect(await all).toEqual(['a', 'b', 'c']);
  expect(log.indexOf('timer')).toBeGreaterThan(-1);
  expect(log.indexOf('timer')).toBeLessThan(log.indexOf('c')); // a timer got in before the last task
});

it('a failing task fails alone', async () => {
  const schedule = oneTurnEach();
  const results = await Promise.allSettled([
    schedule(async () => {
      throw new Error('boom');
    }),
    schedule(async () => 2),
  ]);
  expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled']);
});

it('immediately runs the task at once', async () => {
  let ran = false;
  const promise = immediately(async () => {
    ran = true;
  });
  expect(ran).toBe(true);
  await promise;
});
