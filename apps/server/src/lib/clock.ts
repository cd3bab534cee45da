/**
 * The current instant, in epoch milliseconds. Tests can freeze or move time with `setClock`
 * instead of faking timers globally.
 */
let current: () => number = () => Date.now();

export function now(): number {
  return current();
}

/** Replaces the clock (tests). Returns a function that restores the previous one. */
export function setClock(clock: () => number): () => void {
  const previous = current;
  current = clock;
  return () => {
    current = previous;
  };
}

/**
 * Recently formatted instants. Lists format the same few thousand timestamps on every request and
 * `Date#toISOString` costs about a microsecond: ~9% of the conversation list's CPU before this cache.
 * Bounded: emptied when full.
 */
const isoCache = new Map<number, string>();
const ISO_CACHE_SIZE = 20_000;

export function toIso(ms: number): string {
  let iso = isoCache.get(ms);
  if (iso === undefined) {
    iso = new Date(ms).toISOString();
    if (isoCache.size >= ISO_CACHE_SIZE) isoCache.clear();
    isoCache.set(ms, iso);
  }
  return iso;
}
