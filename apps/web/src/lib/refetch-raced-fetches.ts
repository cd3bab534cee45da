import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** Shortest time between two such refetches of one query: a steady stream of events cannot loop it. */
const MIN_INTERVAL_MS = 2000;

interface RaceGuard {
  /** Queries written to (or meant to be) while they were being fetched. */
  raced: Set<string>;
  /** Refetches waiting for their turn, by query hash. */
  scheduled: Set<string>;
  lastRefetchAt: Map<string, number>;
}

const guards = new WeakMap<QueryClient, RaceGuard>();

function guardOf(qc: QueryClient): RaceGuard {
  const existing = guards.get(qc);
  if (existing) return existing;
  const guard: RaceGuard = { raced: new Set(), scheduled: new Set(), lastRefetchAt: new Map() };
  qc.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    const { query, action } = event;
    const hash = query.queryHash;
    if (query.state.fetchStatus === 'fetching') {
      // `setQueryData` (an event's patch, a mutation's answer) while a fetch is under way.
      if (action.type === 'success' && action.manual) guard.raced.add(hash);
      return;
    }
    if (!guard.raced.delete(hash) || guard.scheduled.has(hash)) return;
    guard.scheduled.add(hash);
    const wait = (guard.lastRefetchAt.get(hash) ?? Number.NEGATIVE_INFINITY) + MIN_INTERVAL_MS - Date.now();
    setTimeout(
      () => {
        guard.scheduled.delete(hash);
        guard.lastRefetchAt.set(hash, Date.now());
        void qc.invalidateQueries({ queryKey: query.queryKey, exact: true });
      },
      Math.max(0, wait),
    );
  });
  guards.set(qc, guard);
  return guard;
}

/**
 * A fetch under way may have been read on the server before a change the page already knows of (an
 * event, a mutation's answer); when it lands it replaces what was written into the cache meanwhile (a
 * new conversation vanishes from the list, a save seems undone). From this call on, every write into
 * a query being fetched is followed by one more fetch of it once that fetch ends, so the screen shows
 * what the server has.
 */
export function watchRacedFetches(qc: QueryClient): void {
  guardOf(qc);
}

/**
 * For an event that concerns the queries under `queryKey` even where it has nothing to patch: a list
 * still on its first fetch (no data yet) would otherwise keep that fetch's answer without the change.
 */
export function refetchRacedFetches(qc: QueryClient, queryKey: QueryKey): void {
  const fetching = qc.getQueryCache().findAll({ queryKey, fetchStatus: 'fetching' });
  if (fetching.length === 0) return;
  const guard = guardOf(qc);
  for (const query of fetching) guard.raced.add(query.queryHash);
}
