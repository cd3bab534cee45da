import type { Conversation, HandlerMode } from '@atende/contracts';
import { type Kysely, type RawBuilder, type Selectable, sql, type Transaction } from 'kysely';
import type { ConversationsTable, Database } from '../../db/schema.js';
import { toIso } from '../../lib/clock.js';
import { unreadColumn } from '../attention/attention.service.js';
import { type SlaTargets, slaOf } from '../attention/sla.js';

export type ConversationRow = Selectable<ConversationsTable> & {
  client_name: string | null;
  client_phone: string | null;
};
type Db = Kysely<Database> | Transaction<Database>;

/** Conversations joined with their client's name and phone (the list row). */
export function selectConversations(db: Db) {
  return db
    .selectFrom('conversations as c')
    .innerJoin('clients as cl', 'cl.id', 'c.client_id')
    .selectAll('c')
    .select(['cl.name as client_name', 'cl.phone as client_phone']);
}

/** The columns `toConversation` reads (not `search_text`, which can be long). */
const LIST_COLUMNS = [
  'c.id',
  'c.client_id',
  'c.started_at',
  'c.status',
  'c.last_message',
  'c.last_message_time',
  'c.message_count',
  'c.response_time_total_ms',
  'c.response_count',
  'c.sentiment_score',
  'c.is_ai_handled',
  'c.tags',
  'c.handler_mode',
  'c.handler_user_id',
  'c.handler_user_name',
  'c.handler_since',
  'c.handler_reason',
  'c.inbox_id',
  'c.archived_at',
  'c.snoozed_until',
  'c.priority',
  'c.awaiting_since',
  'c.first_response_ms',
] as const;

/** The list page's rows: only what the response needs (and, for a viewer, their unread count). */
export function selectConversationSummaries(db: Db, viewerId?: string) {
  const unread: RawBuilder<number | null> = viewerId === undefined ? sql`null` : unreadColumn(viewerId);
  return db
    .selectFrom('conversations as c')
    .innerJoin('clients as cl', 'cl.id', 'c.client_id')
    .select(LIST_COLUMNS)
    .select(['cl.name as client_name', 'cl.phone as client_phone'])
    .select(unread.as('unread'));
}

export type ConversationSummaryRow = Pick<
  ConversationRow,
  (typeof LIST_COLUMNS)[number] extends `c.${infer C}` ? C : never
> &
  Pick<ConversationRow, 'client_name' | 'client_phone'> & { unread?: number | string | null };

export async function findConversation(db: Db, id: string): Promise<ConversationRow | undefined> {
  return selectConversations(db).where('c.id', '=', id).executeTakeFirst();
}

function parseTags(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

/** Seconds with one decimal, or null before the first answer. */
function averageResponseSeconds(totalMs: number, count: number): number | null {
  if (count <= 0) return null;
  return Math.round(totalMs / count / 100) / 10;
}

/**
 * The API's conversation. Given its inbox's response-time targets (null: the inbox has none), it
 * carries the nearest one (`sla`).
 */
export function toConversation<R extends ConversationSummaryRow>(
  row: R,
  targets?: SlaTargets | null,
  at?: number,
): Conversation {
  return {
    id: row.id,
    clientId: row.client_id,
    startedAt: toIso(row.started_at),
    status: row.status,
    lastMessage: row.last_message,
    lastMessageTime: row.last_message_time == null ? null : toIso(row.last_message_time),
    messageCount: row.message_count,
    averageResponseTime: averageResponseSeconds(row.response_time_total_ms, row.response_count),
    sentimentScore: row.sentiment_score,
    isAiHandled: row.is_ai_handled === 1,
    tags: parseTags(row.tags),
    handler: {
      mode: row.handler_mode as HandlerMode,
      userId: row.handler_user_id,
      userName: row.handler_user_name,
      since: toIso(row.handler_since),
      reason: row.handler_reason,
    },
    clientName: row.client_name,
    clientPhone: row.client_phone,
    inboxId: row.inbox_id,
    archivedAt: row.archived_at == null ? null : toIso(row.archived_at),
    snoozedUntil: row.snoozed_until == null ? null : toIso(row.snoozed_until),
    priority: row.priority ?? null,
    ...(targets === undefined ? {} : { sla: targets && slaOf(row, targets, at) }),
    ...(row.unread == null ? {} : { unreadCount: Number(row.unread) }),
  };
}
