import type { Evidence, MessageType, ReplyTo, Sender } from '@atende/contracts';
import type { Transaction } from 'kysely';
import { newProviderMessageId } from '../../channels/channel.js';
import { preparedQuery } from '../../db/prepared-query.js';
import type { Database } from '../../db/schema.js';
import type { JobRunner } from '../../jobs/job-runner.js';
import { now } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { type ConversationRow, toConversation } from '../conversations/conversation-row.js';
import { conversationSearchText } from '../conversations/search-text.js';
import { type MessageRow, toMessage } from './message-row.js';
import type { PendingEvents } from './pending-events.js';

export const CHANNEL_SEND_JOB = 'channel_send';
export const CHANNEL_REACT_JOB = 'channel_react';

export interface ChannelSendPayload {
  messageId: string;
}
export interface ChannelReactPayload {
  messageId: string;
  emoji: string | null;
}

export interface OutboundMessageInput {
  sender: Exclude<Sender, 'client'>;
  content: string;
  type: MessageType;
  replyTo: ReplyTo | null;
  aiGenerated?: boolean;
  confidenceScore?: number | null;
  evidence?: Evidence[];
  authorUserId?: string | null;
  authorName?: string | null;
  /** A provider id fixed by the caller (the agent derives it from the inbound id); generated otherwise. */
  providerMessageId?: string;
}

const insertMessage = preparedQuery((db, row: MessageRow) => db.insertInto('messages').values(row));

const updateConversationAfterReply = preparedQuery(
  (
    db,
    id: string,
    set: {
      message_count: number;
      last_message: string | null;
      last_message_time: number | null;
      awaiting_since: null;
      response_time_total_ms: number;
      response_count: number;
      updated_at: number;
      search_text: string | null;
    },
  ) => db.updateTable('conversations').set(set).where('id', '=', id),
);

/** Our side's message: a timestamp after the conversation's last one, so order is never ambiguous. */
export function nextTimestamp(conversation: Pick<ConversationRow, 'last_message_time'>, at = now()): number {
  return Math.max(at, (conversation.last_message_time ?? 0) + 1);
}

/**
 * Stores a message from our side in the caller's transaction — status 'pending' with a provider id
 * generated now, so the provider's echo dedupes — updates the conversation's counters and response
 * time, and records the `channel_send` job that hands it to the channel. Events go to `events`.
 */
export async function storeOutboundMessage(
  trx: Transaction<Database>,
  jobs: JobRunner,
  conversation: ConversationRow,
  input: OutboundMessageInput,
  events: PendingEvents,
): Promise<{ message: MessageRow; conversation: ConversationRow }> {
  const at = now();
  const timestamp = nextTimestamp(conversation, at);
  const row: MessageRow = {
    id: newId(),
    conversation_id: conversation.id,
    provider_message_id: input.providerMessageId ?? newProviderMessageId(),
    sender: input.sender,
    content: input.content,
    type: input.type,
    timestamp,
    ai_generated: input.aiGenerated ? 1 : 0,
    confidence_score: input.confidenceScore ?? null,
    media_url: null,
    media_mime_type: null,
    reply_to_id: input.replyTo?.id ?? null,
    reply_to_content: input.replyTo?.content ?? null,
    reply_to_sender: input.replyTo?.sender ?? null,
    status: 'pending',
    author_user_id: input.authorUserId ?? null,
    author_name: input.authorName ?? null,
    evidence: JSON.stringify(input.evidence ?? []),
    created_at: at,
  };
  await insertMessage(trx, row);

  const answered = conversation.awaiting_since != null;
  const updated: ConversationRow = {
    ...conversation,
    message_count: conversation.message_count + 1,
    last_message: row.content,
    last_message_time: timestamp,
    awaiting_since: null,
    response_time_total_ms:
      conversation.response_time_total_ms +
      (answered ? Math.max(0, timestamp - (conversation.awaiting_since ?? timestamp)) : 0),
    response_count: conversation.response_count + (answered ? 1 : 0),
    updated_at: at,
    search_text: conversationSearchText({
      clientId: conversation.client_id,
      clientName: conversation.client_name,
      clientPhone: conversation.client_phone,
      lastMessage: row.content,
    }),
  };
  await updateConversationAfterReply(trx, conversation.id, {
    message_count: updated.message_count,
    last_message: updated.last_message,
    last_message_time: updated.last_message_time,
    awaiting_since: null,
    response_time_total_ms: updated.response_time_total_ms,
    response_count: updated.response_count,
    updated_at: at,
    search_text: updated.search_text,
  });

  await jobs.enqueue(trx, CHANNEL_SEND_JOB, { messageId: row.id } satisfies ChannelSendPayload, {
    dedupeKey: `${CHANNEL_SEND_JOB}:${row.id}`,
  });

  const message = toMessage(row);
  events
    .both(conversation.id, 'conversations:newMessage', message)
    .both(conversation.id, 'newMessage', {
      conversationId: conversation.id,
      clientId: conversation.client_id,
      messageId: row.id,
      sender: row.sender,
      message: row.content,
      timestamp: message.timestamp,
      replyTo: message.replyTo,
    })
    .dashboard('conversation:updated', toConversation(updated));
  return { message: row, conversation: updated };
}
