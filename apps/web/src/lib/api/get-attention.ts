import { type Attention, apiPaths, attentionResponseSchema } from '@atende/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
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

/** At most one refetch per this long while conversations keep changing (a busy hour). */
export const ATTENTION_REFRESH_MS = 1500;

/**
 * The badge, the tab title and the tab counts stay live on every screen (mounted once, by the signed-in
 * layout). `attention:changed` (something of mine changed) refetches at once; the events that move
 * everyone's counts (a hand-off, a finished or new conversation, a customer's message) refetch at most
 * once per ATTENTION_REFRESH_MS, the last change always included.
 */
export function useAttentionRealtime(): void {
  const queryClient = useQueryClient();
  useReloadMissedEvents(attentionKey);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const last = useRef(0);
  const refetch = useCallback(() => {
    last.current = Date.now();
    void queryClient.invalidateQueries({ queryKey: attentionKey });
  }, [queryClient]);
  const soon = useCallback(() => {
    if (timer.current) return;
    const wait = Math.max(0, last.current + ATTENTION_REFRESH_MS - Date.now());
    timer.current = setTimeout(() => {
      timer.current = null;
      refetch();
    }, wait);
  }, [refetch]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  useSocketEvent('attention:changed', refetch);
  useSocketEvent('conversation:handler', soon);
  useSocketEvent('conversations:statusUpdate', soon);
  useSocketEvent('conversation:updated', soon);
  useSocketEvent('newMessage', (event) => {
    if (event.sender === 'client') soon();
  });
}
