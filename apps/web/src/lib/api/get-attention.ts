import { type Attention, apiPaths, attentionResponseSchema } from '@atende/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useSocketEvent } from '@/lib/socket';
import { useReloadMissedEvents } from '@/lib/use-reload-missed';

/**
 * GET /conversations/attention: the inbox tabs' counts and the unread badge (nav item, tab title).
 * The server says when they change (`attention:changed`); the interval only covers a missed event.
 */
export const attentionKey = ['attention'] as const;

export const attentionQueryOptions = () =>
  queryOptions({
    queryKey: attentionKey,
    queryFn: async ({ signal }): Promise<Attention> =>
      (await apiRequest(apiPaths.conversationsAttention(), { schema: attentionResponseSchema, signal })).data,
    staleTime: 15_000,
    refetchInterval: 120_000,
  });

export function useAttention() {
  return useQuery(attentionQueryOptions());
}

/** The badge and the tab title stay live on every screen (mounted once, by the signed-in layout). */
export function useAttentionRealtime(): void {
  const queryClient = useQueryClient();
  useReloadMissedEvents(attentionKey);
  useSocketEvent('attention:changed', () => void queryClient.invalidateQueries({ queryKey: attentionKey }));
}
