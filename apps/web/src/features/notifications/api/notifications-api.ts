import { ackEnvelopeSchema, apiPaths, notificationsResponseSchema } from '@atende/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: ['notifications'] as const,
    queryFn: async ({ signal }) =>
      (await apiRequest(apiPaths.notifications(), { schema: notificationsResponseSchema, signal })).data,
    // Live through socket events; this only covers a missed one.
    refetchInterval: 60_000,
  });

export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}

/** Marks some (or, without ids, all) notifications read. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: string[]) =>
      apiRequest(apiPaths.notificationsRead(), {
        method: 'POST',
        body: ids ? { ids } : {},
        schema: ackEnvelopeSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryOptions().queryKey }),
  });
}
