import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { dashboardKeys } from '../api/query-keys';

/**
 * When the newest dashboard data on screen arrived (any section: a fetch or a live push), or 0.
 * One failed section does not blank it: the others still show data of that time.
 */
export function useLastDashboardUpdate(): number {
  const cache = useQueryClient().getQueryCache();
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache]);
  const read = useCallback(
    () =>
      cache
        .findAll({ queryKey: dashboardKeys.all })
        .reduce((newest, query) => Math.max(newest, query.state.dataUpdatedAt), 0),
    [cache],
  );
  return useSyncExternalStore(subscribe, read, read);
}
