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
}

/** Remembers the last `capacity` stream positions seen (events without one always pass). */
export function createReplayFilter(capacity = 10_000): ReplayFilter {
  const seen = new Set<string>();
  return {
    isRepeat(args) {
      const last = args[args.length - 1];
      if (typeof last !== 'string' || !REALTIME_OFFSET_PATTERN.test(last)) return false;
      if (seen.has(last)) return true;
      seen.add(last);
      if (seen.size > capacity) {
        const oldest = seen.values().next();
        if (!oldest.done) seen.delete(oldest.value);
      }
      return false;
    },
  };
}
