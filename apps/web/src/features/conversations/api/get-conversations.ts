import {
  type AssigneeFilter,
  apiPaths,
  type Conversation,
  type ConversationStatusFilter,
  type HandlerMode,
  listConversationsResponseSchema,
} from '@atende/contracts';
import {
  type InfiniteData,
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
} from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { LIST_PAGE_SIZE } from '../lib/constants';

export interface ConversationsQuery {
  search: string;
  status: ConversationStatusFilter;
  handler: HandlerMode | null;
  tags: readonly string[];
  assignee?: AssigneeFilter;
  inboxId?: string | null;
}

export interface ConversationsPage {
  rows: Conversation[];
  nextCursor: string | null;
  total: number;
}

export type ConversationsCache = InfiniteData<ConversationsPage, string | null>;

export async function getConversations(
  query: ConversationsQuery,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ConversationsPage> {
  const response = await apiRequest(apiPaths.conversations(), {
    query: {
      status: query.status,
      search: query.search.trim() || undefined,
      handler: query.handler ?? undefined,
      tags: query.tags.length ? query.tags.join(',') : undefined,
      assignee: query.assignee && query.assignee !== 'all' ? query.assignee : undefined,
      inboxId: query.inboxId ?? undefined,
      limit: LIST_PAGE_SIZE,
      cursor: cursor ?? undefined,
    },
    schema: listConversationsResponseSchema,
    signal,
  });
  return { rows: response.data, nextCursor: response.page.nextCursor, total: response.page.total };
}

/** Every conversations cache (lists and chats) starts with this key. */
export const conversationsKey = ['conversations'] as const;

/** Every list cache starts with this key, whatever the filters (realtime updates them all). */
export const conversationsListBaseKey = [...conversationsKey, 'list'] as const;

export function getConversationsQueryOptions(query: ConversationsQuery) {
  return infiniteQueryOptions({
    queryKey: [
      ...conversationsListBaseKey,
      {
        search: query.search.trim(),
        status: query.status,
        handler: query.handler,
        tags: [...query.tags],
        assignee: query.assignee ?? 'all',
        inboxId: query.inboxId ?? null,
      },
    ],
    queryFn: ({ pageParam, signal }) => getConversations(query, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // Rows of the previous filters stay on screen (filtered locally) while the server answers.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useConversations(query: ConversationsQuery) {
  return useInfiniteQuery(getConversationsQueryOptions(query));
}
