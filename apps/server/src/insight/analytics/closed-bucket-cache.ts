import type { TimeRange } from '../../kernel/time/time-windows.js';

/**
 * Values of buckets that are over (a past hour or day) do not change once written, so a live
 * push can reuse them and query only the current bucket. Entries expire after `ttlMs`, which bounds
 * staleness if rows are ever written with past timestamps. REST calls do not use it.
 */
export class ClosedBucketCache {
  private readonly entries = new Map<string, { value: unknown; at: number }>();

  constructor(
    private readonly ttlMs = 5 * 60_000,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The series for `ranges` (oldest first, the last one still open), querying what is not cached. */
  async series<T>(
    name: string,
    ranges: readonly TimeRange[],
    query: (ranges: readonly TimeRange[]) => Promise<T[]>,
  ): Promise<T[]> {
    const closed = ranges.slice(0, -1);
    const open = ranges.slice(-1);
    const at = this.clock();
    const key = (r: TimeRange) => `${name}:${r.start}:${r.end}`;
    const hits = closed.map((r) => {
      const entry = this.entries.get(key(r));
      return entry && at - entry.at < this.ttlMs ? (entry.value as T) : undefined;
    });
    if (hits.every((h) => h !== undefined)) return [...(hits as T[]), ...(await query(open))];
    const all = await query(ranges);
    this.prune(at);
    closed.forEach((r, i) => {
      this.entries.set(key(r), { value: all[i], at });
    });
    return all;
  }

  private prune(at: number): void {
    for (const [k, entry] of this.entries) if (at - entry.at >= this.ttlMs) this.entries.delete(k);
  }
}
