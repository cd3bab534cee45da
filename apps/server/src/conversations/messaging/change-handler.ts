import type { TimelineEvent } from '@atende/contracts';
import type { Transaction } from 'kysely';
import type { DatabaseKind } from '../../db/database.js';
import { preparedQuery } from '../../db/prepared-query.js';
import type { Database } from '../../db/schema.js';
import { recordActivity } from '../../kernel/activities/activities.service.js';
import { type ActivityText, activityTexts, customerLabel } from '../../kernel/activities/activity-texts.js';
import { recordAudit } from '../../kernel/audit/audit.repository.js';
import { now } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { type ConversationRow, selectConversations, toConversation } from './conversation-row.js';
import type { PendingEvents } from './pending-events.js';
import { addTimelineEntry } from './timeline.js';
import { triggerOf } from './triggers.js';

export const CONVERSATION_NOT_FOUND = 'Conversa não encontrada';

export interface HandlerActor {
  id: string;
  name: string;
}

/**
 * A change of who answers a conversation: a person takes over, it goes back to the AI, the AI hands
 * it to a person (never over one), or the AI is paused.
 */
export type HandlerChange =
  /**
   * `assignedBy`: someone else gave it to `user`, automatic assignment did ('auto'), or it came back
   * to them when the customer wrote again ('reopen'); absent: they took it themselves.
   */
  | {
      mode: 'human';
      user: HandlerActor;
      reason: string;
      assignedBy?: HandlerActor | 'auto' | 'reopen';
      /** Only while it still waits for a person (automatic assignment never takes one from someone). */
      onlyIfWaiting?: boolean;
      /** Only while `user` holds fewer open conversations than this (checked with their row locked). */
      capacity?: number;
    }
  | { mode: 'ai'; user: HandlerActor | null; reason: string }
  | { mode: 'waiting_human'; reason: string; cause?: string | undefined }
  | { mode: 'paused'; user: HandlerActor | null; reason: string };

function activityText(row: ConversationRow, change: HandlerChange): ActivityText {
  const customer = customerLabel({ name: row.client_name, phone: row.client_phone, id: row.client_id });
  switch (change.mode) {
    case 'human':
      return activityTexts.takenOver(change.user.name, customer, change.reason);
    case 'ai':
      return activityTexts.handedBack(change.user?.name ?? null, customer, change.reason);
    case 'waiting_human':
      return activityTexts.handedOff(customer, change.reason);
    case 'paused':
      return activityTexts.paused(change.user?.name ?? null, customer, change.reason);
  }
}

const conversationQuery = preparedQuery((db, id: string) => selectConversations(db).where('c.id', '=', id));
const lockedConversationQuery = preparedQuery((db, id: string) =>
  selectConversations(db).where('c.id', '=', id).forUpdate('c'),
);

/** Reads the conversation for a write: on PostgreSQL the row is locked until the commit. */
export async function lockConversation(
  trx: Transaction<Database>,
  kind: DatabaseKind,
  id: string,
): Promise<ConversationRow | undefined> {
  const { rows } = await (kind === 'postgres' ? lockedConversationQuery : conversationQuery)(trx, id);
  return rows[0];
}

/**
 * Locks these conversations until the commit (PostgreSQL), in id order: every writer that locks more
 * than one conversation takes them in this order, so none waits in a cycle with another.
 */
export async function lockConversationsInOrder(
  trx: Transaction<Database>,
  ids: readonly string[],
): Promise<void> {
  await trx
    .selectFrom('conversations')
    .select('id')
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** Whether the change does anything: a hand-off never replaces a person (holding or awaited). */
function changes(row: ConversationRow, change: HandlerChange): boolean {
  if (
    change.mode === 'human' &&
    change.onlyIfWaiting &&
    (row.handler_mode !== 'waiting_human' || row.status !== 'active')
  )
    return false;
  if (change.mode === 'waiting_human') return row.handler_mode === 'ai' || row.handler_mode === 'paused';
  const userId = 'user' in change ? (change.user?.id ?? null) : null;
  return row.handler_mode !== change.mode || (change.mode === 'human' && row.handler_user_id !== userId);
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
  if (!changes(row, change)) return row;
  const holder = change.mode === 'waiting_human' ? null : change.user;
  const at = now();
  const updated: ConversationRow = {
    ...row,
    handler_mode: change.mode,
    handler_user_id: holder?.id ?? null,
    handler_user_name: holder?.name ?? null,
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
      ...(change.mode === 'human' ? { last_person_id: change.user.id } : {}),
    })
    .where('id', '=', row.id)
    .execute();
  await recordHandlerChange(trx, row, change, at);
  const line = await addTimelineEntry(trx, {
    conversationId: row.id,
    kind: 'event',
    ...timelineLine(change),
    at,
  });
  events.conversation(row.id, 'conversation:timeline', line);
  if (change.mode === 'human' && change.assignedBy !== undefined) {
    const customer = customerLabel({ name: row.client_name, phone: row.client_phone, id: row.client_id });
    events
      .user(change.user.id, 'notification:new', {
        kind: 'assigned',
        title: 'Conversa atribuída a você',
        body: `${customer} — ${change.reason}`,
        conversationId: row.id,
      })
      .user(change.user.id, 'attention:changed', {});
  }
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
  if (change.mode === 'waiting_human')
    events.trigger(triggerOf('handed_off', `handoff:${row.id}:${at}`, updated, at));
  if (change.mode === 'human' && change.assignedBy !== undefined)
    events.trigger(triggerOf('assigned', `assigned:${row.id}:${at}`, updated, at));
  if (change.mode === 'waiting_human') {
    events.domain({
      type: 'conversation.handed_off',
      data: {
        conversationId: row.id,
        clientId: row.client_id,
        reason: change.reason,
        cause: change.cause ?? 'other',
      },
    });
  } else if (change.mode === 'human') {
    events.domain({
      type: 'conversation.assigned',
      data: {
        conversationId: row.id,
        clientId: row.client_id,
        // The actor may be a whole signed-in user (e-mail, role): integrations get the documented pair.
        assignee: { id: change.user.id, name: change.user.name },
        reason: change.reason,
      },
    });
  }
  return updated;
}

/** The change's line in the transcript ("Ana assumiu a conversa"). */
function timelineLine(change: HandlerChange): {
  event: TimelineEvent;
  text: string;
  author: HandlerActor | null;
} {
  switch (change.mode) {
    case 'human':
      if (change.assignedBy === 'auto')
        return { event: 'assigned', text: `Atribuída automaticamente a ${change.user.name}`, author: null };
      if (change.assignedBy === 'reopen')
        return { event: 'assigned', text: `Voltou para ${change.user.name}`, author: null };
      if (change.assignedBy)
        return {
          event: 'assigned',
          text: `${change.assignedBy.name} atribuiu a conversa a ${change.user.name}`,
          author: change.assignedBy,
        };
      return { event: 'taken_over', text: `${change.user.name} assumiu a conversa`, author: change.user };
    case 'ai':
      return {
        event: 'handed_back',
        text: `${change.user?.name ?? 'Sistema'} devolveu a conversa à IA`,
        author: change.user,
      };
    case 'waiting_human':
      return { event: 'handed_off', text: `Transferida para um atendente: ${change.reason}`, author: null };
    case 'paused':
      return { event: 'ai_paused', text: `IA pausada: ${change.reason}`, author: change.user };
  }
}

const AUDIT_ACTIONS = {
  human: 'conversation.takeover',
  ai: 'conversation.handback',
  waiting_human: 'conversation.handoff',
} as const;

/**
 * The change's history row (analytics: hand-off rates and causes, takeovers) and, for takeovers,
 * handbacks and the agent's hand-offs, its audit entry — in the same transaction as the change.
 */
async function recordHandlerChange(
  trx: Transaction<Database>,
  row: ConversationRow,
  change: HandlerChange,
  at: number,
): Promise<void> {
  const user = change.mode === 'waiting_human' ? null : change.user;
  await trx
    .insertInto('handler_changes')
    .values({
      id: newId(at),
      conversation_id: row.id,
      at,
      from_mode: row.handler_mode,
      to_mode: change.mode,
      cause: change.mode === 'waiting_human' ? (change.cause ?? 'other') : null,
      reason: change.reason,
      user_id: user?.id ?? null,
    })
    .execute();
  if (change.mode === 'paused') return;
  if (change.mode === 'human' && change.assignedBy !== undefined) {
    if (typeof change.assignedBy === 'string') return;
    await recordAudit(trx, {
      action: 'conversation.assign',
      actor: change.assignedBy,
      targetType: 'conversation',
      targetId: row.id,
      detail: { assignee: change.user.name, reason: change.reason, from: row.handler_mode },
    });
    return;
  }
  await recordAudit(trx, {
    action: AUDIT_ACTIONS[change.mode],
    actor: user,
    targetType: 'conversation',
    targetId: row.id,
    detail: { reason: change.reason, from: row.handler_mode },
  });
}

/** An operator takes the conversation over (REST and socket). */
export function takeOver(user: HandlerActor): HandlerChange {
  return { mode: 'human', user: { id: user.id, name: user.name }, reason: 'assumida pelo operador' };
}

/** An operator hands the conversation back to the AI (REST and socket). */
export function handBack(user: HandlerActor): HandlerChange {
  return { mode: 'ai', user: { id: user.id, name: user.name }, reason: 'devolvida pelo operador' };
}
