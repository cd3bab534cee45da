/**
 * Spaces sends under a rate (messages per second), so a burst leaves at the number's throughput
 * instead of hitting Meta's limit (error 130429).
 *
 * A token bucket refilled by the clock at the moment each send is released, holding at most one
 * token: what a pause earned (a stalled event loop, a slow disk) is never banked, so no second can
 * hold more than the rate. Planning slots ahead on a timetable did bank it: timers held up by a
 * stall all fired at once when it ended. Waiters are released one at a time, in order.
 */
export class Pacer {
  private tokens = 1;
  private refilledAt = performance.now();
  private readonly waiting: Array<() => void> = [];
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly perSecond: () => number) {}

  take(): Promise<void> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      if (!this.timer) this.release();
    });
  }

  private release(): void {
    this.timer = null;
    const rate = Math.max(1, this.perSecond());
    const at = performance.now();
    this.tokens = Math.min(1, this.tokens + ((at - this.refilledAt) * rate) / 1000);
    this.refilledAt = at;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      this.waiting.shift()?.();
    }
    if (this.waiting.length > 0) {
      this.timer = setTimeout(() => this.release(), ((1 - this.tokens) * 1000) / rate);
    }
  }
}
