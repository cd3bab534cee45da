/** Pure arithmetic of the metrics (docs/metrics.md), kept apart from SQL so it is tested alone. */

export function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

/** Percent change of `current` vs `base`; base 0 → 0 (both 0) or 100 (growth from nothing). */
export function percentChange(current: number, base: number): number {
  if (base === 0) return current === 0 ? 0 : 100;
  return round1((100 * (current - base)) / base);
}

/** `100 × part / whole`, 0 when the whole is 0, one decimal. */
export function percentOf(part: number, whole: number): number {
  return whole === 0 ? 0 : round1((100 * part) / whole);
}

/** Mean response time in seconds (one decimal) from a sum and count of milliseconds; 0 when none. */
export function meanSeconds(totalMs: number, count: number): number {
  return count === 0 ? 0 : round1(totalMs / count / 1000);
}

interface Measured {
  totalMs: number;
  count: number;
}

/** Percent change of the mean response time; 0 when either period has no measured reply. */
export function responseTimeChange(current: Measured, base: Measured): number {
  if (current.count === 0 || base.count === 0) return 0;
  return percentChange(current.totalMs / current.count, base.totalMs / base.count);
}
