import type { Message, NewMessageEvent } from '@atende/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useInboxesRealtime } from '@/lib/api/use-inboxes-realtime';
import { refetchRacedFetches } from '@/lib/refetch-raced-fetches';
import { getSocket, useRealtimeStatus, useSocketEvent } from '@/lib/socket';
import { useReloadMissedEvents } from '@/lib/use-reload-missed';
import { conversationsKey, conversationsListBaseKey } from '../api/get-conversations';
import {
  appendTimelineEntry,
  applyIncomingToList,
  applyMessage,
  replaceMessage,
  reviseConversation,
  setHandler,
  setMessageStatus,
  setReactions,
  upsertConversation,
  upsertMessage,
} from './cache-updates';

/** Builds a message from the short `newMessage` event (used only until the full message arrives). */
function messageFromEvent(event: NewMessageEvent): Message {
  return {
    id: event.messageId,
    conversationId: event.conversationId,
    sender: event.sender,
    content: event.message,
    type: 'text',
    timestamp: event.timestamp,
    aiGenerated: false,
    confidenceScore: null,
    mediaUrl: null,
    mediaMimeType: null,
    replyTo: event.replyTo,
    reactions: {},
    status: 'sent',
    authorName: null,
    evidence: [],
  };
}

/**
 * Live updates of the inbox. Sockets only notify; TanStack Query owns the data (each event first marks
 * the fetches it may race, see `refetchRacedFetches`). While a conversation
 * is open its room `conversation:<id>` is joined, and left when the selection changes.
 */
export function useConversationsRealtime(openConversationId: string | null): void {
  const qc = useQueryClient();
  const realtime = useRealtimeStatus();
  // The lists and chats fetched before the socket joined the dashboard room.
  useReloadMissedEvents(conversationsKey);
  // Rows and the chat header name their inbox: a rename or a removal shows at once.
  useInboxesRealtime();

  useEffect(() => {
    const socket = getSocket();
    if (!openConversationId || !socket || realtime !== 'authenticated') return;
    socket.emit('join:conversation', openConversationId);
    return () => {
      socket.emit('leave:conversation', openConversationId);
    };
  }, [openConversationId, realtime]);

  useSocketEvent('conversations:newMessage', (message) => {
    refetchRacedFetches(qc, conversationsKey);
    applyMessage(qc, message);
  });

  useSocketEvent('newMessage', (event) => {
    refetchRacedFetches(qc, conversationsKey);
    // Never replaces a full message already there (the full event carries evidence, confidence…).
    upsertMessage(qc, messageFromEvent(event), false);
    applyIncomingToList(qc, {
      conversationId: event.conversationId,
      clientId: event.clientId,
      messageId: event.messageId,
      content: event.message,
      timestamp: event.timestamp,
    });
  });

  useSocketEvent('conversations:statusUpdate', ({ conversationId, status }) => {
    refetchRacedFetches(qc, conversationsKey);
    reviseConversation(qc, conversationId, (row) => ({ ...row, status }));
  });

  // A note or a system line ("Ana assumiu a conversa") for the open chat's transcript.
  useSocketEvent('conversation:timeline', (entry) => {
    refetchRacedFetches(qc, conversationsKey);
    appendTimelineEntry(qc, entry);
  });

  // My unread state or my queues changed (sent to me only): the lists show it.
  useSocketEvent('attention:changed', () => {
    void qc.invalidateQueries({ queryKey: conversationsListBaseKey });
  });

  useSocketEvent('message:reaction', ({ conversationId, messageId, reactions }) => {
    refetchRacedFetches(qc, conversationsKey);
    setReactions(qc, conversationId, messageId, reactions);
  });

  useSocketEvent('message:updated', (message) => {
    refetchRacedFetches(qc, conversationsKey);
    replaceMessage(qc, message);
  });

  useSocketEvent('message:status', ({ conversationId, messageId, status, error }) => {
    refetchRacedFetches(qc, conversationsKey);
    setMessageStatus(qc, conversationId, messageId, status, error);
  });

  useSocketEvent('conversation:updated', (row) => {
    refetchRacedFetches(qc, conversationsKey);
    upsertConversation(qc, row);
  });

  useSocketEvent('conversation:handler', ({ conversationId, handler, isAiHandled }) => {
    refetchRacedFetches(qc, conversationsKey);
    setHandler(qc, conversationId, handler, isAiHandled);
  });
}
