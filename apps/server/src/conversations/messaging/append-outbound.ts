import type {
  Evidence,
  Message,
  MessageClarification,
  MessageType,
  ReplyTo,
  Sender,
} from '@atende/contracts';
import type { Kysely, Transaction } from 'kysely';
import { newProviderMessageId } from '../../channels/channel.js';
import type { DatabaseKind } from '../../db/database.js';
import type { TransactionBatcher } from '../../db/group-commit.js';
import { preparedQuery } from '../../db/prepared-query.js';
import type { Database } from '../../db/schema.js';
import { channelSendJob } from '../../jobs/job-kinds.js';
import type { JobRunner } from '../../jobs/job-runner.js';
import { AppError } from '../../lib/app-error.js';
import { now } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import type { AuthUser, DomainEvents, Realtime } from '../../types.js';
import { fillReplyVariables } from '../canned-replies/reply-variables.js';
import { answerUnder } from './agent-reads.js';
import { applyHandlerChange, CONVERSATION_NOT_FOUND, lockConversation } from './change-handler.js';
import { type ConversationRow, selectConversations } from './conversation-row.js';
import { assertInboxActive } from './inbox-gone.js';
import { type MessageRow, toMessage } from './message-row.js';
import { PendingEvents } from './pending-events.js';
import { resolveQuoted } from './quoted-message.js';
import { conversationSearchText } from './search-text.js';
import type { TriggerSink } from './triggers.js';

export const REPLY_TARGET_NOT_FOUND = 'Mensagem original não encontrada';

interface OutboundRow {
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
  /** The agent's clarifying question, or its answer to the customer's pick. */
  clarification?: MessageClarification | undefined;
  /** A file sent with it (stored in the media store first). */
  media?: { url: string; mimeType: string; fileName?: string | null; size?: number | null } | undefined;
  /**
   * False for a message we start on our own (the survey and its thanks): it answers nothing, so it has
   * no response time, is not a first response, and the customer's wait (if any) goes on.
   */
  answers?: boolean;
  /** How the channel sends it: `rating` asks with the provider's own choices where it has them. */
  sendAs?: 'rating' | undefined;
}

/** How a person's message is labelled in the thread (the spec's senders): operators write as `agent`. */
const SENDER_OF_ROLE = { admin: 'admin', operator: 'agent' } as const satisfies Record<
  AuthUser['role'],
  Sender
>;

const insertMessage = preparedQuery((db, row: MessageRow) => db.insertInto('messages').values(row));

const updateConversationAfterReply = preparedQuery(
  (
    db,
    id: string,
    set: {
      message_count: number;
      last_message: string | null;
      last_message_time: number | null;
      awaiting_since: number | null;
      response_time_total_ms: number;
      response_count: number;
      first_response_ms: number | null;
      first_response_ai: number | null;
      updated_at: number;
      search_text: string | null;
    },
  ) => db.updateTable('conversations').set(set).where('id', '=', id),
);

/** The conversation (locked on PostgreSQL) and whether an answer under either provider id is stored. */
const agentReplyTarget = (lock: boolean) =>
  preparedQuery((db, conversationId: string, first: string, second: string) => {
    const query = selectConversations(db)
      .select((eb) => eb.exists(answerUnder(db, first, second)).as('answered'))
      .where('c.id', '=', conversationId);
    return lock ? query.forUpdate('c') : query;
  });
const agentReplyTargetQuery = { sqlite: agentReplyTarget(false), postgres: agentReplyTarget(true) };

/**
 * Stores a message from our side in the caller's transaction — status 'pending' with a provider id
 * fixed now, so the provider's echo dedupes — updates the conversation's counters and response time,
 * and records the `channel_send` job that hands it to the channel.
 */
export async function storeOutbound(
  trx: Transaction<Database>,
  jobs: JobRunner,
  conversation: ConversationRow,
  input: OutboundRow,
  events: PendingEvents,
): Promise<{ message: MessageRow; conversation: ConversationRow }> {
  const at = now();
  // After the conversation's last message, so the order is never ambiguous.
  const timestamp = Math.max(at, (conversation.last_message_time ?? 0) + 1);
  const answers = input.answers ?? true;
  const awaiting = answers ? conversation.awaiting_since : null;
  const responseMs = awaiting == null ? null : Math.max(0, timestamp - awaiting);
  const aiGenerated = input.aiGenerated ? 1 : 0;
  const row: MessageRow = {
    id: newId(),
    conversation_id: conversation.id,
    provider_message_id: input.providerMessageId ?? newProviderMessageId(),
    sender: input.sender,
    content: input.content,
    type: input.type,
    timestamp,
    ai_generated: aiGenerated,
    confidence_score: input.confidenceScore ?? null,
    media_url: input.media?.url ?? null,
    media_mime_type: input.media?.mimeType ?? null,
    reply_to_id: input.replyTo?.id ?? null,
    reply_to_content: input.replyTo?.content ?? null,
    reply_to_sender: input.replyTo?.sender ?? null,
    status: 'pending',
    author_user_id: input.authorUserId ?? null,
    author_name: input.authorName ?? null,
    evidence: JSON.stringify(input.evidence ?? []),
    status_error_code: null,
    status_error: null,
    created_at: at,
    response_ms: responseMs,
    clarification: input.clarification ? JSON.stringify(input.clarification) : null,
    interactive_reply_id: null,
    media_status: null,
    media_descriptor: null,
    edited_at: null,
    deleted_at: null,
    original_content: null,
    transcript: null,
    transcript_status: null,
    media_file_name: input.media?.fileName ?? null,
    media_size: input.media?.size ?? null,
  };
  await insertMessage(trx, row);

  const firstReply = answers && conversation.first_response_ms === null;
  const updated: ConversationRow = {
    ...conversation,
    message_count: conversation.message_count + 1,
    last_message: row.content,
    last_message_time: timestamp,
    awaiting_since: answers ? null : conversation.awaiting_since,
    response_time_total_ms: conversation.response_time_total_ms + (responseMs ?? 0),
    response_count: conversation.response_count + (responseMs === null ? 0 : 1),
    first_response_ms: firstReply ? timestamp - conversation.started_at : conversation.first_response_ms,
    first_response_ai: firstReply ? aiGenerated : conversation.first_response_ai,
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
    awaiting_since: updated.awaiting_since,
    response_time_total_ms: updated.response_time_total_ms,
    response_count: updated.response_count,
    first_response_ms: updated.first_response_ms,
    first_response_ai: updated.first_response_ai,
    updated_at: at,
    search_text: updated.search_text,
  });
  // Out through the number the conversation came in on: its inbox's send queue.
  await jobs.enqueue(
    trx,
    channelSendJob.of(conversation.inbox_id),
    { messageId: row.id, conversationId: conversation.id, ...(input.sendAs ? { sendAs: input.sendAs } : {}) },
    { dedupeKey: `${channelSendJob.name}:${row.id}` },
  );
  events.newMessage(updated, row);
  return { message: row, conversation: updated };
}

export interface OperatorMessage {
  message: string;
  type: MessageType;
  /** Our id (or the provider's) of a message of this conversation to quote. */
  replyTo?: string | null | undefined;
  /** A provider id fixed by the caller (a template send recorded under it first); generated otherwise. */
  providerMessageId?: string | undefined;
  /** A file the operator sends (already in the media store): the message is its caption or label. */
  media?: { url: string; mimeType: string; fileName?: string | null; size?: number | null } | undefined;
}

/** The agent's answer to one inbound customer message. */
export interface AgentMessage {
  conversationId: string;
  content: string;
  confidence: number | null;
  evidence: Evidence[];
  /** Derived from the inbound message: unique, so a job that runs twice stores one answer. */
  providerMessageId: string;
  /**
   * Provider ids of every answer this inbound message may have had (reply or hand-off notice): if one
   * is stored already, nothing is stored again.
   */
  answeredBy: readonly [string, string];
  /** Hand the conversation to a person in the same transaction (the message is the notice). */
  handOff?: { reason: string; cause?: string | undefined } | undefined;
  /** The agent's clarifying question, or its answer to the customer's pick. */
  clarification?: MessageClarification | undefined;
  /** More writes of the caller's in the same transaction (e.g. a knowledge gap), after the message. */
  alongside?: ((trx: Transaction<Database>, conversation: ConversationRow) => Promise<void>) | undefined;
}

export type AgentMessageOutcome = 'stored' | 'superseded' | 'already_done';

/** Messages from our side: an operator's (REST and socket) and the agent's. */
export function outboundWriter(deps: {
  db: Kysely<Database>;
  kind: DatabaseKind;
  realtime: Realtime;
  domainEvents: DomainEvents;
  jobs: JobRunner;
  writes: TransactionBatcher;
  triggers: TriggerSink;
}) {
  return {
    /**
     * An operator writes: stored, handed to the channel through a `channel_send` job in the same
     * transaction, announced. On a conversation not held by a person this takes it over.
     * Group-committed with other short writes.
     */
    async appendOutbound(conversationId: string, user: AuthUser, input: OperatorMessage): Promise<Message> {
      // Fresh per attempt: a batch that rolls back runs this again.
      let events = new PendingEvents();
      const message = await deps.writes.run(async (trx) => {
        events = new PendingEvents();
        let conversation = await lockConversation(trx, deps.kind, conversationId);
        if (!conversation) throw new AppError('NOT_FOUND', CONVERSATION_NOT_FOUND);
        await assertInboxActive(trx, conversation.inbox_id);
        const replyTo = await resolveQuoted(trx, conversation.id, input.replyTo);
        if (input.replyTo && !replyTo) throw new AppError('VALIDATION_ERROR', REPLY_TARGET_NOT_FOUND);
        if (conversation.handler_mode !== 'human') {
          conversation = await applyHandlerChange(
            trx,
            conversation,
            { mode: 'human', user, reason: 'mensagem enviada pelo operador' },
            events,
          );
        }
        const stored = await storeOutbound(
          trx,
          deps.jobs,
          conversation,
          {
            sender: SENDER_OF_ROLE[user.role],
            content: fillReplyVariables(input.message, conversation.client_name),
            type: input.type,
            replyTo,
            authorUserId: user.id,
            authorName: user.name,
            ...(input.providerMessageId ? { providerMessageId: input.providerMessageId } : {}),
            ...(input.media ? { media: input.media } : {}),
          },
          events,
        );
        return stored.message;
      }, conversationId);
      deps.jobs.wake();
      events.flush(deps);
      return toMessage(message);
    },

    /**
     * An automation writes (a rule or a macro): never over a person — refused while someone holds the
     * conversation, checked in the transaction that stores it — and once per provider id (a job that
     * runs twice sends once). It takes nothing over: whoever answered keeps answering.
     */
    async appendAutomationMessage(input: {
      conversationId: string;
      content: string;
      providerMessageId: string;
      authorName: string;
    }): Promise<'stored' | 'person_holds' | 'already_done'> {
      let events = new PendingEvents();
      const outcome = await deps.writes.run(async (trx) => {
        events = new PendingEvents();
        const conversation = await lockConversation(trx, deps.kind, input.conversationId);
        if (!conversation) throw new AppError('NOT_FOUND', CONVERSATION_NOT_FOUND);
        if (conversation.handler_mode === 'human') return 'person_holds' as const;
        const sent = await trx
          .selectFrom('messages')
          .select('id')
          .where('provider_message_id', '=', input.providerMessageId)
          .executeTakeFirst();
        if (sent) return 'already_done' as const;
        await storeOutbound(
          trx,
          deps.jobs,
          conversation,
          {
            sender: 'agent',
            content: fillReplyVariables(input.content, conversation.client_name),
            type: 'text',
            replyTo: null,
            authorName: input.authorName,
            providerMessageId: input.providerMessageId,
          },
          events,
        );
        return 'stored' as const;
      }, input.conversationId);
      if (outcome === 'stored') {
        deps.jobs.wake();
        events.flush(deps);
      }
      return outcome;
    },

    /**
     * The agent answers (or hands off with a notice) — only while the conversation is AI-handled,
     * checked in the transaction that stores the message with the row locked on PostgreSQL (SQLite
     * has one writer), so a takeover that committed first wins and the agent stays silent.
     * Group-committed with other short writes.
     */
    async appendAgentReply(input: AgentMessage): Promise<AgentMessageOutcome> {
      // Fresh per attempt: a batch that rolls back runs this again.
      let events = new PendingEvents();
      const outcome = await deps.writes.run(async (trx): Promise<AgentMessageOutcome> => {
        events = new PendingEvents();
        const { rows } = await agentReplyTargetQuery[deps.kind](
          trx,
          input.conversationId,
          ...input.answeredBy,
        );
        const [target] = rows;
        if (target?.handler_mode !== 'ai') return 'superseded';
        const { answered, ...conversation } = target;
        if (answered) return 'already_done';
        const stored = await storeOutbound(
          trx,
          deps.jobs,
          conversation,
          {
            sender: 'agent',
            content: input.content,
            type: 'text',
            replyTo: null,
            aiGenerated: true,
            confidenceScore: input.confidence,
            evidence: input.evidence,
            providerMessageId: input.providerMessageId,
            clarification: input.clarification,
          },
          events,
        );
        if (input.handOff) {
          await applyHandlerChange(
            trx,
            stored.conversation,
            { mode: 'waiting_human', reason: input.handOff.reason, cause: input.handOff.cause },
            events,
          );
          await deps.triggers.fire(trx, events.takeTriggers());
        }
        await input.alongside?.(trx, conversation);
        return 'stored';
      }, input.conversationId);
      if (outcome === 'stored') {
        deps.jobs.wake();
        events.flush(deps);
      }
      return outcome;
    },
  };
}
