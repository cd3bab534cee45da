import type { DatabaseKind } from '../../db/database.js';

/**
 * Broadcasts sent together, in order, at most once per window. Each WebSocket costs about two `writev`
 * per burst of events whatever the burst holds (Engine.IO sends a burst's first frame at once and the
 * rest, together, when that write completes); every commit is a burst, so at 250 customer messages/s
 * each dashboard took about a thousand system calls a second. Gathered, they take at most two per
 * window. After a quiet moment a burst leaves at once (at the end of the current turn of the event
 * loop): the wait is paid only while events keep coming.
 */
export interface EmitWindow<T> {
  /** Queues one broadcast: sent at the end of this turn, or `windowMs` after the last send. */
  push(item: T): void;
  /** Sends what is queued now (a response that must not leave before its events, a shutdown). */
  flush(): void;
  readonly pending: number;
}

export function emitWindow<T>(send: (item: T) => void, windowMs: number): EmitWindow<T> {
  let queued: T[] = [];
  /** Cancels the scheduled send, while one is. */
  let scheduled: (() => void) | null = null;
  let lastSentAt = Number.NEGATIVE_INFINITY;
  const flush = () => {
    scheduled?.();
    scheduled = null;
    if (queued.length === 0) return;
    lastSentAt = performance.now();
    const items = queued;
    queued = [];
    for (const item of items) send(item);
  };
  return {
    push(item) {
      if (windowMs <= 0) {
        send(item);
        return;
      }
      queued.push(item);
      if (scheduled) return;
      const wait = lastSentAt + windowMs - performance.now();
      if (wait > 0) {
        const timer = setTimeout(flush, wait);
        scheduled = () => clearTimeout(timer);
      } else {
        const immediate = setImmediate(flush);
        scheduled = () => clearImmediate(immediate);
      }
    },
    flush,
    get pending() {
      return queued.length;
    },
  };
}

/**
 * The window by database, unless REALTIME_WINDOW_MS sets one. On SQLite it took 1.69 → 1.57 ms off
 * the CPU per message at 250 messages/s (a few `writev` per dashboard each window, medians of three);
 * on PostgreSQL it bought nothing beyond the runs' spread and cost 5 ms of dashboard p50 (9 against
 * 14 ms without it), so events leave at once there.
 */
export function roomEventWindowMs(configured: number | undefined, kind: DatabaseKind): number {
  return configured ?? (kind === 'sqlite' ? 10 : 0);
}
