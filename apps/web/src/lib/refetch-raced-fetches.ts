import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** Shortest time between two such refetches of one query: a steady stream of events cannot loop it. */
const MIN_INTERVAL_MS = 2000;

interface RaceGuard {
  /** Queries an event patched while they were being fetched. */
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
  qc.getQueryCache().subscribe(({ type, query }) => {
    const hash = query.queryHash;
    if (type !== 'updated' || query.state.fetchStatus !== 'idle' || !guard.raced.delete(hash)) return;
    if (guard.scheduled.has(hash)) return;
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
 * Call before an event or a mutation's answer patches the queries under `queryKey`. A fetch already
 * under way may have been read on the server before that change was committed, and when it lands it
 * replaces the patched data (a new conversation vanishes from the list, a save seems undone). Each such
 * query is fetched once more after that fetch ends, so the screen shows what the server has.
 */
export function refetchRacedFetches(qc: QueryClient, queryKey: QueryKey): void {
  const fetching = qc.getQueryCache().findAll({ queryKey, fetchStatus: 'fetching' });
  if (fetching.length === 0) return;
  const guard = guardOf(qc);
  for (const query of fetching) guard.raced.add(query.queryHash);
}
