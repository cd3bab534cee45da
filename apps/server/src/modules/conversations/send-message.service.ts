import type { Evidence, Message, MessageType, ReplyTo } from '@atende/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { DatabaseKind } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { JobRunner } from '../../jobs/job-runner.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser, Realtime } from '../../types.js';
import { toMessage } from '../messages/message-row.js';
import { PendingEvents } from '../messages/pending-events.js';
import { storeOutboundMessage } from '../messages/store-outbound.js';
import { applyHandlerChange, CONVERSATION_NOT_FOUND, lockConversation } from './handler.service.js';

export const REPLY_TARGET_NOT_FOUND = 'Mensagem original não encontrada';

export interface SendMessageInput {
  message: string;
  type: MessageType;
  replyTo?: string | null | undefined;
}

export interface AgentReplyInput {
  text: string;
  confidenceScore: number;
  evidence: Evidence[];
  /** The customer message being answered (quoted when set). */
  replyTo?: string | null | undefined;
}

async function resolveReplyTarget(
  trx: Transaction<Database>,
  conversationId: string,
  replyTo: string | null | undefined,
): Promise<ReplyTo | null> {
  if (!replyTo) return null;
  const target = await trx
    .selectFrom('messages')
    .select(['id', 'content', 'sender'])
    .where('id', '=', replyTo)
    .where('conversation_id', '=', conversationId)
    .executeTakeFirst();
  if (!target) throw new AppError('VALIDATION_ERROR', REPLY_TARGET_NOT_FOUND);
  return target;
}

/** Messages from our side: operators (REST and socket) and the agent. */
export function createSendMessageService(deps: {
  db: Kysely<Database>;
  kind: DatabaseKind;
  realtime: Realtime;
  jobs: JobRunner;
}) {
  return {
    /**
     * An operator writes: stored, handed to the channel through a `channel_send` job in the same
     * transaction, emitted. On a conversation not held by a person this takes it over.
     */
    async send(conversationId: string, user: AuthUser, input: SendMessageInput): Promise<Message> {
      const events = new PendingEvents();
      const message = await deps.db.transaction().execute(async (trx) => {
        let conversation = await lockConversation(trx, deps.kind, conversationId);
        if (!conversation) throw new AppError('NOT_FOUND', CONVERSATION_NOT_FOUND);
        const replyTo = await resolveReplyTarget(trx, conversation.id, input.replyTo);
        if (conversation.handler_mode !== 'human') {
          conversation = await applyHandlerChange(
            trx,
            conversation,
            { mode: 'human', user, reason: 'mensagem enviada pelo operador' },
            events,
          );
        }
        const stored = await storeOutboundMessage(
          trx,
          deps.jobs,
          conversation,
          {
            sender: user.role === 'admin' ? 'admin' : 'agent',
            content: input.message,
            type: input.type,
            replyTo,
            authorUserId: user.id,
            authorName: user.name,
          },
          events,
        );
        return stored.message;
      });
      deps.jobs.wake();
      events.flush(deps.realtime);
      return toMessage(message);
    },

    /**
     * The agent answers — only while the conversation is AI-handled, checked in the same transaction
     * that stores the reply (the row is locked on PostgreSQL), so a takeover that committed first wins.
     * Answers null when the conversation is not (or no longer) the AI's.
     */
    async sendAgentReply(conversationId: string, input: AgentReplyInput): Promise<Message | null> {
      const events = new PendingEvents();
      const message = await deps.db.transaction().execute(async (trx) => {
        const conversation = await lockConversation(trx, deps.kind, conversationId);
        if (conversation?.handler_mode !== 'ai') return null;
        const replyTo = await resolveReplyTarget(trx, conversation.id, input.replyTo).catch(() => null);
        const stored = await storeOutboundMessage(
          trx,
          deps.jobs,
          conversation,
          {
            sender: 'agent',
            content: input.text,
            type: 'text',
            replyTo,
            aiGenerated: true,
            confidenceScore: input.confidenceScore,
            evidence: input.evidence,
          },
          events,
        );
        return stored.message;
      });
      if (!message) return null;
      deps.jobs.wake();
      events.flush(deps.realtime);
      return toMessage(message);
    },

    /**
     * A system notice to the customer regardless of who holds the conversation (e.g. the agent's
     * "a person will continue" on handoff). Stored as an agent message, not AI-generated.
     */
    async sendNotice(conversationId: string, text: string): Promise<Message> {
      const events = new PendingEvents();
      const message = await deps.db.transaction().execute(async (trx) => {
        const conversation = await lockConversation(trx, deps.kind, conversationId);
        if (!conversation) throw new AppError('NOT_FOUND', CONVERSATION_NOT_FOUND);
        const stored = await storeOutboundMessage(
          trx,
          deps.jobs,
          conversation,
          { sender: 'agent', content: text, type: 'text', replyTo: null, aiGenerated: true },
          events,
        );
        return stored.message;
      });
      deps.jobs.wake();
      events.flush(deps.realtime);
      return toMessage(message);
    },
  };
}

export type SendMessageService = ReturnType<typeof createSendMessageService>;
