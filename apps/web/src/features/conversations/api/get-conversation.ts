import {
  apiPaths,
  type Conversation,
  conversationDetailResponseSchema,
  listMessagesResponseSchema,
  type Message,
} from '@atende/contracts';
import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { MESSAGES_PAGE_SIZE } from '../lib/constants';
import { conversationsKey } from './get-conversations';

/** One page of a conversation's messages, oldest first. The newest page also carries the conversation. */
export interface MessagesPage {
  conversation: Conversation | null;
  messages: Message[];
  hasMore: boolean;
}

export type MessagesCache = InfiniteData<MessagesPage, string | null>;

/** GET /conversations/{id}: the conversation with its newest messages (chronological). */
export async function getConversation(id: string, signal?: AbortSignal): Promise<MessagesPage> {
  const response = await apiRequest(apiPaths.conversation(id), {
    query: { messagesLimit: MESSAGES_PAGE_SIZE },
    schema: conversationDetailResponseSchema,
    signal,
  });
  const { messages, hasMoreMessages, ...conversation } = response.data;
  return { conversation, messages, hasMore: hasMoreMessages };
}

/** GET /conversations/{id}/messages?before=: the page of older messages before a message id. */
export async function getOlderMessages(
  id: string,
  before: string,
  signal?: AbortSignal,
): Promise<MessagesPage> {
  const response = await apiRequest(apiPaths.conversationMessages(id), {
    query: { before, limit: MESSAGES_PAGE_SIZE },
    schema: listMessagesResponseSchema,
    signal,
  });
  return { conversation: null, messages: response.data.messages, hasMore: response.data.hasMore };
}

export const conversationMessagesKey = (id: string) => [...conversationsKey, 'messages', id] as const;

/**
 * Newest page first (pageParam null), older pages prepended with fetchPreviousPage, so
 * `pages.flatMap(p => p.messages)` is chronological.
 */
export function getConversationMessagesQueryOptions(id: string) {
  return infiniteQueryOptions({
    queryKey: conversationMessagesKey(id),
    queryFn: ({ pageParam, signal }) =>
      pageParam ? getOlderMessages(id, pageParam, signal) : getConversation(id, signal),
    initialPageParam: null as string | null,
    getNextPageParam: () => undefined,
    getPreviousPageParam: (first) => (first.hasMore ? (first.messages[0]?.id ?? undefined) : undefined),
    staleTime: 30_000,
  });
}

export function useConversationMessages(id: string | null) {
  return useInfiniteQuery({ ...getConversationMessagesQueryOptions(id ?? ''), enabled: Boolean(id) });
}
