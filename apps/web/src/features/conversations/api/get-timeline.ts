import { apiPaths, type TimelineEntry, timelineResponseSchema } from '@atende/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { conversationsKey } from './get-conversations';

/** GET /conversations/{id}/timeline: private notes and system lines, oldest first. */
export async function getTimeline(conversationId: string, signal?: AbortSignal): Promise<TimelineEntry[]> {
  const response = await apiRequest(apiPaths.conversationTimeline(conversationId), {
    schema: timelineResponseSchema,
    signal,
  });
  return response.data;
}

/** Under the conversations key, so a missed-events reload refreshes it with the chat. */
export const timelineKey = (conversationId: string) =>
  [...conversationsKey, 'timeline', conversationId] as const;

export const timelineQueryOptions = (conversationId: string) =>
  queryOptions({
    queryKey: timelineKey(conversationId),
    queryFn: ({ signal }) => getTimeline(conversationId, signal),
    staleTime: 30_000,
  });

export function useTimeline(conversationId: string) {
  return useQuery(timelineQueryOptions(conversationId));
}
