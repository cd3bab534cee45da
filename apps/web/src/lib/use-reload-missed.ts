import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useDashboardJoinedAt } from './socket';

/**
 * Events sent while the socket was not in the dashboard room (before it joined on page load, while
 * reconnecting) never reached this page: once it is in, reload the queries under `queryKey` that were
 * fetched (or were being fetched) before it joined. `queryKey` must be stable (a module constant).
 */
export function useReloadMissedEvents(queryKey: QueryKey): void {
  const queryClient = useQueryClient();
  const joinedAt = useDashboardJoinedAt();
  useEffect(() => {
    if (joinedAt === 0) return;
    void queryClient.invalidateQueries({
      queryKey,
      predicate: (query) => query.state.dataUpdatedAt < joinedAt || query.state.fetchStatus === 'fetching',
    });
  }, [joinedAt, queryClient, queryKey]);
}
