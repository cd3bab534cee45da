import type { Conversation, ConversationDetail, HandlerMode, Message } from '@atende/contracts';
import { type Expression, expressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import { preparedQuery, preparedQueryWithLimit } from '../../db/prepared-query.js';
import type { ConversationsTable, Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { now } from '../../lib/clock.js';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor.js';
import { containsPattern } from '../../lib/like-pattern.js';
import type { SlaTargets } from '../attention/sla.js';
import { CONVERSATION_NOT_FOUND } from './change-handler.js';
import {
  type ConversationSummaryRow,
  findConversation,
  selectConversationSummaries,
  toConversation,
} from './conversation-row.js';
import { type MessageRow, toMessages } from './message-row.js';
import { normalizeSearch } from './search-text.js';

export interface ListConversationsFilter {
  status: 'all' | 'active' | 'finished' | 'completed' | 'paused' | 'abandoned' | 'archived';
  search?: string | undefined;
  tags?: string[] | undefined;
  clientId?: string | undefined;
  /** Only the conversations of this inbox (connected number). */
  inboxId?: string | undefined;
  handler?: HandlerMode | undefined;
  /** The viewer's visibility scope (conversations/visibility), applied when it limits them. */
  visible?: { readonly limited: boolean; where(table: string): Expression<SqlBool> } | undefined;
  /** Held by this person (a user id), or by nobody (null: the AI, waiting, paused). */
  heldBy?: string | null | undefined;
  limit: number;
  cursor?: string | undefined;
  /** Each inbox's response-time targets: given, every row carries its nearest one (`sla`). */
  slaTargets?: ReadonlyMap<string, SlaTargets> | undefined;
  /** Who reads the page: given, every row carries their unread count (`unreadCount`). */
  viewerId?: string | undefined;
}

/** The filters on the conversation's own columns (everything but the search). */
function ownFilters(filter: ListConversationsFilter): Expression<SqlBool> {
  const eb = expressionBuilder<{ c: ConversationsTable }, 'c'>();
  const parts: Expression<SqlBool>[] = [];
  if (filter.status === 'archived') parts.push(eb('c.archived_at', 'is not', null));
  else parts.push(eb('c.archived_at', 'is', null));
  if (filter.status !== 'all' && filter.status !== 'archived') {
    parts.push(eb('c.status', '=', filter.status === 'finished' ? 'completed' : filter.status));
  }
  if (filter.clientId) parts.push(eb('c.client_id', '=', filter.clientId));
  if (filter.inboxId) parts.push(eb('c.inbox_id', '=', filter.inboxId));
  if (filter.handler) parts.push(eb('c.handler_mode', '=', filter.handler));
  if (filter.visible?.limited) parts.push(filter.visible.where('c'));
  if (filter.heldBy === null) parts.push(eb('c.handler_mode', '!=', 'human'));
  else if (filter.heldBy) {
    parts.push(eb.and([eb('c.handler_mode', '=', 'human'), eb('c.handler_user_id', '=', filter.heldBy)]));
  }
  if (filter.tags && filter.tags.length > 0) {
    parts.push(eb.or(filter.tags.map((tag) => eb('c.tags', 'like', containsPattern(JSON.stringify(tag))))));
  }
  return eb.and(parts);
}

/** The filters beyond the list's default (which leaves archived conversations out). */
function isDefaultList(filter: ListConversationsFilter): boolean {
  return (
    filter.status === 'all' &&
    !filter.clientId &&
    !filter.inboxId &&
    !filter.handler &&
    !filter.visible?.limited &&
    filter.heldBy === undefined &&
    !(filter.tags && filter.tags.length > 0) &&
    !(filter.search && normalizeSearch(filter.search.trim()))
  );
}

/** `limit + 1` rows fetched → the page and the cursor of the next one. */
function toPage(
  rows: ConversationSummaryRow[],
  filter: ListConversationsFilter,
  total: number,
  keyOf: (row: ConversationSummaryRow) => number = (row) => row.last_message_time ?? 0,
) {
  const { limit, slaTargets } = filter;
  const hasMore = rows.length > limit;
  const pageRows = hasMore ? rows.slice(0, limit) : rows;
  const last = pageRows[pageRows.length - 1];
  const at = now();
  return {
    conversations: pageRows.map((row) =>
      toConversation(row, slaTargets && (slaTargets.get(row.inbox_id) ?? null), at),
    ),
    nextCursor: hasMore && last ? encodeCursor({ time: keyOf(last), id: last.id }) : null,
    total,
  };
}

/** The default list (the inbox's usual call), prepared once: newest first, then after a cursor. */
const firstPage = preparedQueryWithLimit((db, limit, viewerId: string) =>
  selectConversationSummaries(db, viewerId)
    .where('c.archived_at', 'is', null)
    .orderBy('c.last_message_time', 'desc')
    .orderBy('c.id', 'desc')
    .limit(limit),
);
const pageAfter = preparedQueryWithLimit((db, limit, viewerId: string, time: number, id: string) =>
  selectConversationSummaries(db, viewerId)
    .where('c.archived_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('c.last_message_time', '<', time),
        eb.and([eb('c.last_message_time', '=', time), eb('c.id', '<', id)]),
      ]),
    )
    .orderBy('c.last_message_time', 'desc')
    .orderBy('c.id', 'desc')
    .limit(limit),
);
const countAll = preparedQuery((db) =>
  db
    .selectFrom('conversations')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('archived_at', 'is', null),
);

export function conversationQueries(db: Kysely<Database>) {
  function filtered(filter: ListConversationsFilter) {
    let query = selectConversationSummaries(db, filter.viewerId).where(ownFilters(filter));
    const search = filter.search ? normalizeSearch(filter.search.trim()) : '';
    if (search) {
      const pattern = containsPattern(search);
      const rawPattern = containsPattern(filter.search!.trim().toLowerCase());
      const like = (column: Expression<string | null>, value: string): Expression<SqlBool> =>
        sql<SqlBool>`lower(${column}) like ${value} escape '\\'`;
      query = query.where((eb) =>
        eb.or([
          sql<SqlBool>`c.search_text like ${pattern} escape '\\'`,
          eb.and([
            eb('c.search_text', 'is', null),
            eb.or([
              like(eb.ref('c.client_id'), rawPattern),
              like(eb.ref('cl.name'), rawPattern),
              like(eb.ref('cl.phone'), rawPattern),
              like(eb.ref('c.last_message'), rawPattern),
            ]),
          ]),
        ]),
      );
    }
    return query;
  }

  /**
   * The filtered total. Only a search reads the clients' columns; otherwise the join is dropped
   * (`client_id` is a NOT NULL foreign key with ON DELETE CASCADE, so every conversation has its client).
   */
  async function countFiltered(filter: ListConversationsFilter): Promise<number> {
    const needsClients = Boolean(filter.search && normalizeSearch(filter.search.trim()));
    if (needsClients) {
      const row = await filtered(filter)
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirst();
      return Number(row?.total ?? 0);
    }
    const row = await db
      .selectFrom('conversations as c')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where(ownFilters(filter))
      .executeTakeFirst();
    return Number(row?.total ?? 0);
  }

  async function conversationExists(id: string): Promise<boolean> {
    const row = await db.selectFrom('conversations').select('id').where('id', '=', id).executeTakeFirst();
    return Boolean(row);
  }

  async function messagesBefore(
    conversationId: string,
    beforeId: string | null,
    limit: number,
  ): Promise<{ messages: Message[]; hasMore: boolean }> {
    let query = db.selectFrom('messages').selectAll().where('conversation_id', '=', conversationId);
    if (beforeId) {
      const anchor = await db
        .selectFrom('messages')
        .select(['timestamp', 'id'])
        .where('id', '=', beforeId)
        .where('conversation_id', '=', conversationId)
        .executeTakeFirst();
      if (!anchor) throw new AppError('NOT_FOUND', 'Mensagem não encontrada');
      query = query.where((eb) =>
        eb.or([
          eb('timestamp', '<', anchor.timestamp),
          eb.and([eb('timestamp', '=', anchor.timestamp), eb('id', '<', anchor.id)]),
        ]),
      );
    }
    const rows: MessageRow[] = await query
      .orderBy('timestamp', 'desc')
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .execute();
    const hasMore = rows.length > limit;
    const newestFirst = hasMore ? rows.slice(0, limit) : rows;
    return { messages: await toMessages(db, newestFirst.reverse()), hasMore };
  }

  return {
    /** A page, newest activity first, keyset-paged by (last_message_time, id), with the filtered total. */
    async listConversations(filter: ListConversationsFilter): Promise<{
      conversations: Conversation[];
      nextCursor: string | null;
      total: number;
    }> {
      const cursor = filter.cursor ? decodeCursor(filter.cursor) : null;
      // The inbox's usual call (a person reading the default list) is the prepared one.
      if (isDefaultList(filter) && filter.viewerId !== undefined) {
        const [{ rows }, count] = await Promise.all([
          cursor
            ? pageAfter(db, filter.limit + 1, filter.viewerId, cursor.time, cursor.id)
            : firstPage(db, filter.limit + 1, filter.viewerId),
          countAll(db),
        ]);
        return toPage(rows, filter, Number(count.rows[0]?.total ?? 0));
      }
      let page = filtered(filter);
      // The queue (waiting for a person): who waits longest comes first (the cursor is on handler_since).
      if (filter.handler === 'waiting_human') {
        if (cursor) {
          page = page.where((eb) =>
            eb.or([
              eb('c.handler_since', '>', cursor.time),
              eb.and([eb('c.handler_since', '=', cursor.time), eb('c.id', '>', cursor.id)]),
            ]),
          );
        }
        const [rows, total] = await Promise.all([
          page
            .orderBy('c.handler_since', 'asc')
            .orderBy('c.id', 'asc')
            .limit(filter.limit + 1)
            .execute(),
          countFiltered(filter),
        ]);
        return toPage(rows, filter, total, (row) => row.handler_since);
      }
      if (cursor) {
        page = page.where((eb) =>
          eb.or([
            eb('c.last_message_time', '<', cursor.time),
            eb.and([eb('c.last_message_time', '=', cursor.time), eb('c.id', '<', cursor.id)]),
          ]),
        );
      }
      const [rows, total] = await Promise.all([
        page
          .orderBy('c.last_message_time', 'desc')
          .orderBy('c.id', 'desc')
          .limit(filter.limit + 1)
          .execute(),
        countFiltered(filter),
      ]);
      return toPage(rows, filter, total);
    },

    /**
     * The conversation with its newest `messagesLimit` messages, oldest first (and its nearest
     * response-time target, given each inbox's).
     */
    async getConversation(
      id: string,
      messagesLimit: number,
      slaTargets?: ReadonlyMap<string, SlaTargets>,
    ): Promise<ConversationDetail> {
      const row = await findConversation(db, id);
      if (!row) throw new AppError('NOT_FOUND', CONVERSATION_NOT_FOUND);
      const page = await messagesBefore(id, null, messagesLimit);
      const targets = slaTargets && (slaTargets.get(row.inbox_id) ?? null);
      return { ...toConversation(row, targets), messages: page.messages, hasMoreMessages: page.hasMore };
    },

    /** The conversation's messages older than `beforeId` (or the newest when null), oldest first. */
    async messagesPage(conversationId: string, beforeId: string | null, limit: number) {
      if (!(await conversationExists(conversationId)))
        throw new AppError('NOT_FOUND', CONVERSATION_NOT_FOUND);
      return messagesBefore(conversationId, beforeId, limit);
    },

    conversationExists,

    /** Conversations still open with activity since `since`, newest first, with the customer's phone. */
    async recentOpenConversations(since: number, limit: number) {
      return db
        .selectFrom('conversations as c')
        .innerJoin('clients as cl', 'cl.id', 'c.client_id')
        .select(['c.id', 'c.status', 'c.converted_at', 'cl.phone', 'cl.name'])
        .where('c.last_message_time', '>=', since)
        .where('c.status', 'in', ['active', 'paused'])
        .where('cl.phone', 'is not', null)
        .orderBy('c.last_message_time', 'desc')
        .limit(limit)
        .execute();
    },

    /** The provider id of our side's latest message in the conversation (what a customer reacts to). */
    async lastOutboundProviderId(conversationId: string): Promise<string | null> {
      const row = await db
        .selectFrom('messages')
        .select('provider_message_id')
        .where('conversation_id', '=', conversationId)
        .where('sender', 'in', ['agent', 'admin'])
        .where('provider_message_id', 'is not', null)
        .orderBy('timestamp', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.provider_message_id ?? null;
    },
  };
}

export type ConversationQueries = ReturnType<typeof conversationQueries>;

/** Whether any conversation exists (a first start seeds the demo only into an empty database). */
export async function hasAnyConversation(db: Kysely<Database>): Promise<boolean> {
  return Boolean(await db.selectFrom('conversations').select('id').limit(1).executeTakeFirst());
}
