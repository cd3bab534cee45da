import type { DurationStats } from '@atende/contracts';

/**
 * The arithmetic of the service figures (docs/metrics.md §Service figures), apart from SQL so it is
 * tested alone: medians and 90th percentiles of durations, rates and means.
 */

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function median(sorted: readonly number[]): number | null {
  const n = sorted.length;
  if (n === 0) return null;
  const mid = Math.floor(n / 2);
  return n % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Nearest rank: the smallest value with at least p% of the values at or below it; null for none. */
export function percentile(sorted: readonly number[], p: number): number | null {
  const n = sorted.length;
  if (n === 0) return null;
  const rank = Math.max(1, Math.ceil((p / 100) * n));
  return sorted[Math.min(n, rank) - 1] as number;
}

/** Median and p90 of durations (ms, whole), over however many there are. */
export function durationStats(values: readonly number[]): DurationStats {
  const sorted = [...values].sort((a, b) => a - b);
  const round = (v: number | null) => (v === null ? null : Math.round(v));
  return { medianMs: round(median(sorted)), p90Ms: round(percentile(sorted, 90)), count: sorted.length };
}

/** `100 × part / whole`, one decimal; null when the whole is 0 (no figure, not 0%). */
export function rateOf(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.round((1000 * part) / whole) / 10;
}

/** A mean with two decimals (the CSAT score); null for none. */
export function meanOf(total: number, count: number): number | null {
  return count === 0 ? null : Math.round((100 * total) / count) / 100;
}
