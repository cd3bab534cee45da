import { apiPaths, type Conversation, listConversationsResponseSchema } from '@atende/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { automationKeys } from './query-keys';

const SHOWN = 6;

/** The most recent conversations (or those matching `search`) a rule can be tested on. */
export async function searchTestConversations(search: string, signal?: AbortSignal): Promise<Conversation[]> {
  const response = await apiRequest(apiPaths.conversations(), {
    query: { search: search.trim() || undefined, status: 'all', limit: SHOWN },
    schema: listConversationsResponseSchema,
    signal,
  });
  return response.data;
}

export const searchTestConversationsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: automationKeys.testConversations(search.trim()),
    queryFn: ({ signal }) => searchTestConversations(search, signal),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

export function useTestConversations(search: string, enabled: boolean) {
  return useQuery({ ...searchTestConversationsQueryOptions(search), enabled });
}
