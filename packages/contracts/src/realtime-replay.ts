/**
 * With Redis (several server instances), every room event a client receives carries, as its last
 * argument, its position in the shared event stream (`<ms>-<seq>`), and a socket that reconnects
 * within two minutes is replayed what it missed. Around that moment one event can arrive twice, once
 * replayed and once live: a client drops the second copy with this filter.
 */
export const REALTIME_OFFSET_PATTERN = /^\d+-\d+$/;

export interface ReplayFilter {
  /** True when an event with these arguments was already delivered (same stream position). */
  isRepeat(args: readonly unknown[]): boolean;
  /** The latest stream position seen: what to ask the events after (`rejoin:dashboard`), or null. */
  latest(): string | null;
}

/** Orders two stream positions (`<ms>-<seq>`). */
export function compareOffsets(a: string, b: string): number {
  const [aMs = 0, aSeq = 0] = a.split('-').map(Number);
  const [bMs = 0, bSeq = 0] = b.split('-').map(Number);
  return aMs - bMs || aSeq - bSeq;
}

/** Remembers the last `capacity` stream positions seen (events without one always pass). */
export function createReplayFilter(capacity = 10_000): ReplayFilter {
  const seen = new Set<string>();
  let latest: string | null = null;
  return {
    latest: () => latest,
    isRepeat(args) {
      const last = args[args.length - 1];
      if (typeof last !== 'string' || !REALTIME_OFFSET_PATTERN.test(last)) return false;
      if (seen.has(last)) return true;
      seen.add(last);
      if (latest === null || compareOffsets(last, latest) > 0) latest = last;
      if (seen.size > capacity) {
        const oldest = seen.values().next();
        if (!oldest.done) seen.delete(oldest.value);
      }
      return false;
    },
  };
}
