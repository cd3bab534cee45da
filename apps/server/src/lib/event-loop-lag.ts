import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';

/** Length of one measurement window. */
const WINDOW_MS = 5000;

/**
 * Recent event-loop delay: p99 over the current window and the one before it (5–10 s), so a
 * slow boot or an old spike does not linger in the reading.
 */
export function createEventLoopLagMonitor() {
  let histogram: IntervalHistogram | null = null;
  let timer: NodeJS.Timeout | null = null;
  let previousP99 = 0;
  const currentP99 = () => (histogram && histogram.count > 0 ? histogram.percentile(99) / 1e6 : 0);
  return {
    start() {
      histogram ??= monitorEventLoopDelay({ resolution: 20 });
      histogram.enable();
      timer ??= setInterval(() => {
        previousP99 = currentP99();
        histogram?.reset();
      }, WINDOW_MS);
      timer.unref();
    },
    /** Forgets everything measured so far (e.g. once the app is ready). */
    reset() {
      previousP99 = 0;
      histogram?.reset();
    },
    /** p99 delay in milliseconds over the last 5–10 s. */
    read(): number {
      return Math.max(previousP99, currentP99());
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
      histogram?.disable();
    },
  };
}
