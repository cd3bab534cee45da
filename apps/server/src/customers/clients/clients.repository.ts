import type { ClientDetail, ClientListItem, ClientPageQuery, LastContactFilter } from '@atende/contracts';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { normalizeSearch } from '../../conversations/messaging/search-text.js';
import type { ConversationScope } from '../../conversations/visibility/visibility.service.js';
import type { Database } from '../../db/schema.js';
import { DAY_MS } from '../../kernel/time/time-windows.js';
import { now, toIso } from '../../lib/clock.js';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor.js';
import { containsPattern } from '../../lib/like-pattern.js';

/**
 * The CRM's read side: the clients list and a client's page. Reads only; the messaging module owns
 * the `clients` rows (ingest upserts them with each message).
 */

type Db = Kysely<Database>;
const LAST_CONTACT_DAYS: Record<Exclude<LastContactFilter, 'older'>, number> = {
  '7d': 7,
  '30d': 30,
  '90d': 90,
};

function parseIds(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

type Filter = Omit<ClientPageQuery, 'limit' | 'cursor'>;

function applyFilters(db: Db, filter: Filter, scope: ConversationScope) {
  // Every client is created by a message, so last_contact is set; the list is ordered on it.
  let query = db.selectFrom('clients as k').where('k.last_contact', 'is not', null);
  // A customer whose every conversation the viewer may not see is not listed for them.
  if (scope.limited) query = query.where(scope.clientWhere('k'));
  const search = filter.search?.trim();
  if (search) {
    const pattern = containsPattern(search.toLowerCase());
    const digits = search.replace(/\D/g, '');
    query = query.where((eb) =>
      eb.or([
        // Accents and case aside: "joao" finds João.
        sql<boolean>`k.search_name LIKE ${containsPattern(normalizeSearch(search))} ESCAPE '\\'`,
        sql<boolean>`lower(k.email) LIKE ${pattern} ESCAPE '\\'`,
        ...(digits.length >= 3 ? [eb('k.phone', 'like', `%${digits}%`)] : []),
      ]),
    );
  }
  if (filter.labelId) {
    query = query.where(
      sql<boolean>`k.labels LIKE ${containsPattern(JSON.stringify(filter.labelId))} ESCAPE '\\'`,
    );
  }
  if (filter.lastContact === 'older') query = query.where('k.last_contact', '<', now() - 90 * DAY_MS);
  else if (filter.lastContact) {
    query = query.where('k.last_contact', '>=', now() - LAST_CONTACT_DAYS[filter.lastContact] * DAY_MS);
  }
  return query;
}

const conversationCount = (eb: ExpressionBuilder<Database & { k: Database['clients'] }, 'k'>) =>
  eb
    .selectFrom('conversations as c')
    .select((e) => e.fn.countAll<number>().as('n'))
    .whereRef('c.client_id', '=', 'k.id')
    .as('conversation_count');

function toItem(row: {
  id: string;
  name: string | null;
  phone: string | null;
  email: string | null;
  avatar: string | null;
  last_contact: number | null;
  labels: string;
  erased_at: number | null;
  conversation_count: number | string | null;
}): ClientListItem {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    avatar: row.avatar,
    lastContact: row.last_contact === null ? null : toIso(Number(row.last_contact)),
    conversationCount: Number(row.conversation_count ?? 0),
    labelIds: parseIds(row.labels),
    erased: row.erased_at !== null,
  };
}

const LIST_COLUMNS = [
  'k.id',
  'k.name',
  'k.phone',
  'k.email',
  'k.avatar',
  'k.last_contact',
  'k.labels',
  'k.erased_at',
] as const;

/** One page of the clients list, most recent contact first (keyset on last_contact, id). */
export async function listClientsPage(
  db: Db,
  query: ClientPageQuery & { limit: number },
  scope: ConversationScope,
) {
  let page = applyFilters(db, query, scope).select([...LIST_COLUMNS, conversationCount]);
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor);
    page = page.where((eb) =>
      eb.or([
        eb('k.last_contact', '<', cursor.time),
        eb.and([eb('k.last_contact', '=', cursor.time), eb('k.id', '<', cursor.id)]),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    page
      .orderBy('k.last_contact', 'desc')
      .orderBy('k.id', 'desc')
      .limit(query.limit + 1)
      .execute(),
    applyFilters(db, query, scope)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst(),
  ]);
  const clients = rows.slice(0, query.limit);
  const last = clients.at(-1);
  return {
    clients: clients.map(toItem),
    nextCursor:
      rows.length > query.limit && last?.last_contact != null
        ? encodeCursor({ time: Number(last.last_contact), id: last.id })
        : null,
    total: Number(count?.n ?? 0),
  };
}

/**
 * A client's page: details, the conversations the viewer may see (newest first), and totals (counts
 * over all of them). Null when unknown.
 */
export async function getClientDetail(
  db: Db,
  id: string,
  scope: ConversationScope,
): Promise<ClientDetail | null> {
  const client = await db
    .selectFrom('clients as k')
    .select([...LIST_COLUMNS, 'k.notes', 'k.created_at', 'k.do_not_contact', conversationCount])
    .where('k.id', '=', id)
    .executeTakeFirst();
  if (!client) return null;
  const [conversations, totals, lastReply] = await Promise.all([
    db
      .selectFrom('conversations as c')
      .select([
        'c.id',
        'c.status',
        'c.started_at',
        'c.last_message',
        'c.last_message_time',
        'c.message_count',
        'c.is_ai_handled',
      ])
      .where('c.client_id', '=', id)
      .$if(scope.limited, (q) => q.where(scope.where('c')))
      .orderBy('c.started_at', 'desc')
      .execute(),
    db
      .selectFrom('messages as m')
      .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
      .select((eb) => [
        eb.fn.countAll<number>().as('messages'),
        eb.fn.sum<number>(eb.case().when('m.sender', '=', 'client').then(1).else(0).end()).as('from_client'),
        eb.fn.sum<number>(eb.case().when('m.ai_generated', '=', 1).then(1).else(0).end()).as('ai'),
      ])
      .where('c.client_id', '=', id)
      .executeTakeFirst(),
    lastResponse(db, id),
  ]);
  const messages = Number(totals?.messages ?? 0);
  const fromClient = Number(totals?.from_client ?? 0);
  const replies = messages - fromClient;
  return {
    ...toItem(client),
    notes: client.notes,
    createdAt: toIso(Number(client.created_at)),
    doNotContact: Number(client.do_not_contact) === 1,
    conversations: conversations.map((c) => ({
      id: c.id,
      status: c.status,
      startedAt: toIso(Number(c.started_at)),
      lastMessage: c.last_message,
      lastMessageTime: c.last_message_time === null ? null : toIso(Number(c.last_message_time)),
      messageCount: Number(c.message_count),
      isAiHandled: Number(c.is_ai_handled) === 1,
    })),
    totals: {
      messages,
      fromClient,
      aiShare: replies > 0 ? Math.round((1000 * Number(totals?.ai ?? 0)) / replies) / 10 : null,
      lastResponseSeconds: lastReply === null ? null : Math.round(lastReply / 100) / 10,
      lastResponseMs: lastReply,
    },
  };
}

/**
 * How long our most recent reply to this client took (ms): its time minus the first client message of
 * the run it answered (docs/metrics.md §avgResponseTime). Replies that answered nothing (a second one
 * in a row, a survey) have no time and are passed over.
 */
async function lastResponse(db: Db, clientId: string): Promise<number | null> {
  const { rows } = await sql<{ rt: number | null }>`
    SELECT r.response_ms AS rt
    FROM messages r
    JOIN conversations c ON c.id = r.conversation_id
    WHERE c.client_id = ${clientId} AND r.sender IN ('agent', 'admin') AND r.response_ms IS NOT NULL
    ORDER BY r.timestamp DESC
    LIMIT 1`.execute(db);
  const rt = rows[0]?.rt;
  return rt === null || rt === undefined ? null : Number(rt);
}
