import type { Conversation, HandlerMode } from '@atende/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { DatabaseKind } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { now } from '../../lib/clock.js';
import type { Realtime } from '../../types.js';
import { recordActivity } from '../activities/activities.service.js';
import { PendingEvents } from '../messages/pending-events.js';
import {
  type ConversationRow,
  findConversation,
  selectConversations,
  toConversation,
} from './conversation-row.js';

export interface HandlerActor {
  id: string;
  name: string;
}

/** A change of who answers a conversation. */
export type HandlerChange =
  | { mode: 'human'; user: HandlerActor; reason: string }
  | { mode: 'ai'; user: HandlerActor | null; reason: string }
  | { mode: 'waiting_human'; reason: string }
  | { mode: 'paused'; user: HandlerActor | null; reason: string };

export const CONVERSATION_NOT_FOUND = 'Conversa não encontrada';

function clientLabel(row: ConversationRow): string {
  return row.client_name ?? `Cliente ${row.client_phone ?? row.client_id}`;
}

function activityText(row: ConversationRow, change: HandlerChange): { title: string; description: string } {
  const client = clientLabel(row);
  switch (change.mode) {
    case 'human':
      return {
        title: 'Conversa assumida por humano',
        description: `${change.user.name} assumiu a conversa com ${client} (${change.reason})`,
      };
    case 'ai':
      return {
        title: 'Conversa devolvida à IA',
        description: `${change.user?.name ?? 'Sistema'} devolveu a conversa com ${client} à IA (${change.reason})`,
      };
    case 'waiting_human':
      return {
        title: 'IA transferiu para humano',
        description: `Conversa com ${client} aguarda um atendente: ${change.reason}`,
      };
    case 'paused':
      return {
        title: 'IA pausada',
        description: `${change.user?.name ?? 'Sistema'} pausou a IA na conversa com ${client} (${change.reason})`,
      };
  }
}

/** Reads the conversation for a write: on PostgreSQL the row is locked until the commit. */
export async function lockConversation(
  trx: Transaction<Database>,
  kind: DatabaseKind,
  id: string,
): Promise<ConversationRow | undefined> {
  let query = selectConversations(trx).where('c.id', '=', id);
  if (kind === 'postgres') query = query.forUpdate('c');
  return query.executeTakeFirst();
}

/**
 * Applies a handler change inside the caller's transaction: handler_* columns (who, when, why),
 * `is_ai_handled`, a `takeover` activity, and the events (`conversation:handler`,
 * `conversation:updated`, `analytics:update`). Answers the row unchanged when nothing changes.
 */
export async function applyHandlerChange(
  trx: Transaction<Database>,
  row: ConversationRow,
  change: HandlerChange,
  events: PendingEvents,
): Promise<ConversationRow> {
  const userId = 'user' in change ? (change.user?.id ?? null) : null;
  const userName = 'user' in change ? (change.user?.name ?? null) : null;
  const sameHolder = change.mode !== 'human' || row.handler_user_id === userId;
  if (row.handler_mode === change.mode && sameHolder) return row;

  const at = now();
  const updated: ConversationRow = {
    ...row,
    handler_mode: change.mode,
    handler_user_id: change.mode === 'waiting_human' ? null : userId,
    handler_user_name: change.mode === 'waiting_human' ? null : userName,
    handler_since: at,
    handler_reason: change.reason,
    is_ai_handled: change.mode === 'ai' ? 1 : 0,
    updated_at: at,
  };
  await trx
    .updateTable('conversations')
    .set({
      handler_mode: updated.handler_mode,
      handler_user_id: updated.handler_user_id,
      handler_user_name: updated.handler_user_name,
      handler_since: at,
      handler_reason: updated.handler_reason,
      is_ai_handled: updated.is_ai_handled,
      updated_at: at,
    })
    .where('id', '=', row.id)
    .execute();
  const activity = await recordActivity(trx, {
    type: 'takeover',
    ...activityText(row, change),
    conversationId: row.id,
    timestamp: at,
  });
  const conversation = toConversation(updated);
  events
    .both(row.id, 'conversation:handler', {
      conversationId: row.id,
      handler: conversation.handler,
      isAiHandled: conversation.isAiHandled,
    })
    .dashboard('conversation:updated', conversation)
    .dashboard('analytics:update', activity);
  return updated;
}

/** Who answers a conversation: take over, hand back, hand off, pause. Used by routes, sockets and the agent. */
export function createHandlerService(deps: { db: Kysely<Database>; kind: DatabaseKind; realtime: Realtime }) {
  async function change(conversationId: string, build: (row: ConversationRow) => HandlerChange | null) {
    const events = new PendingEvents();
    const row = await deps.db.transaction().execute(async (trx) => {
      const current = await lockConversation(trx, deps.kind, conversationId);
      if (!current) throw new AppError('NOT_FOUND', CONVERSATION_NOT_FOUND);
      const next = build(current);
      return next ? applyHandlerChange(trx, current, next, events) : current;
    });
    events.flush(deps.realtime);
    return toConversation(row);
  }

  return {
    /** A person answers from now on; the agent stops writing to this conversation. */
    takeOver(
      conversationId: string,
      user: HandlerActor,
      reason = 'assumida pelo operador',
    ): Promise<Conversation> {
      return change(conversationId, () => ({ mode: 'human', user, reason }));
    },

    /** Back to the AI. */
    handBack(
      conversationId: string,
      user: HandlerActor,
      reason = 'devolvida pelo operador',
    ): Promise<Conversation> {
      return change(conversationId, () => ({ mode: 'ai', user, reason }));
    },

    /**
     * The agent gives up (low confidence, the customer asked for a person, provider failure): the
     * conversation waits for a human. Does nothing when a human already holds or awaits it.
     */
    handOffToHuman(conversationId: string, reason: string): Promise<Conversation> {
      return change(conversationId, (row) =>
        row.handler_mode === 'ai' || row.handler_mode === 'paused' ? { mode: 'waiting_human', reason } : null,
      );
    },

    /** The AI stays silent on this conversation without a person holding it. */
    pauseAi(conversationId: string, user: HandlerActor | null, reason = 'IA pausada'): Promise<Conversation> {
      return change(conversationId, () => ({ mode: 'paused', user, reason }));
    },

    /** The current mode (null if the conversation does not exist): the agent checks it before sending. */
    async currentMode(conversationId: string): Promise<HandlerMode | null> {
      const row = await findConversation(deps.db, conversationId);
      return row ? (row.handler_mode as HandlerMode) : null;
    },
  };
}

export type HandlerService = ReturnType<typeof createHandlerService>;
