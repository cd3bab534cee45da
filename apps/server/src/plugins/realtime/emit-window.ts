/**
 * Broadcasts gathered for a few milliseconds and sent together, in order. Each WebSocket costs about
 * two `writev` per burst of events whatever the burst holds (Engine.IO sends a burst's first frame at
 * once and the rest, together, when that write completes); every commit is a burst, so at 250 customer
 * messages/s each dashboard took about a thousand system calls a second. Gathered, they take at most
 * two per window.
 */
export interface EmitWindow<T> {
  /** Queues one broadcast; the window opens with the first and closes `windowMs` later. */
  push(item: T): void;
  /** Sends what is queued now (a response that must not leave before its events, a shutdown). */
  flush(): void;
  readonly pending: number;
}

export function emitWindow<T>(send: (item: T) => void, windowMs: number): EmitWindow<T> {
  let queued: T[] = [];
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
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
      timer ??= setTimeout(flush, windowMs);
    },
    flush,
    get pending() {
      return queued.length;
    },
  };
}
