import { useEffect, useRef } from 'react';
import { useDocumentVisible } from '@/hooks/use-document-visible';
import { useMarkConversationRead } from '../api/mark-conversation-read';

/**
 * Tells the server I have seen the open chat: when it opens, and again each time a customer message
 * arrives while I am looking at it. A tab in the background marks nothing until it is shown again.
 * `newestCustomerMessageId` changes with each new customer message; `isReady` once the chat loaded.
 */
export function useMarkSeen(
  conversationId: string,
  newestCustomerMessageId: string | null,
  isReady: boolean,
): void {
  const isVisible = useDocumentVisible();
  const { mutate } = useMarkConversationRead();
  const marked = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (!isReady || !isVisible || marked.current === newestCustomerMessageId) return;
    marked.current = newestCustomerMessageId;
    mutate(conversationId);
  }, [conversationId, newestCustomerMessageId, isReady, isVisible, mutate]);
}
