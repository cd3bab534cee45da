import type { ReportFilters } from '@atende/contracts';
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { ConversationScope } from '../../conversations/visibility/visibility.service.js';
import type { Database } from '../../db/schema.js';
import { HOUR_MS } from '../../kernel/time/time-windows.js';
import { rangeIndex, tagPattern } from '../analytics/analytics.repository.js';
import type { Dimension, Frame } from './report-frame.js';

/**
 * The rows behind the service figures (docs/metrics.md §Service figures), one statement per kind of
 * fact, each already filtered (inbox, person, label and the viewer's figures scope) and keyed by the
 * dimension asked for. Same SQL on SQLite and PostgreSQL: instants are epoch-ms integers compared with
 * literals, buckets are integer arithmetic or a CASE over precomputed bounds.
 */

type Db = Kysely<Database>;

export interface FactQuery {
  frame: Frame;
  dimension: Dimension;
  filters: ReportFilters;
  scope: ConversationScope;
}

const lit = (value: number) => {
  if (!Number.isSafeInteger(value)) throw new Error(`Not an integer: ${value}`);
  return sql.lit(value);
};

const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

/**
 * Who a conversation belongs to: the person holding it, or who last held it (`last_person_id` is set
 * whenever a person takes it, so it is the holder while one holds it).
 */
const CONVERSATION_PERSON = sql`c.last_person_id`;

/**
 * Who wrote the conversation's first reply (null: the AI): the reply is the message sent at
 * `started_at + first_response_ms`, found with one seek on (conversation_id, timestamp).
 */
const FIRST_RESPONDER = sql`(CASE WHEN c.first_response_ai = 1 THEN NULL ELSE (
    SELECT f.author_user_id FROM messages f
    WHERE f.conversation_id = c.id AND f.timestamp = c.started_at + c.first_response_ms AND f.sender <> 'client'
    LIMIT 1) END)`;

function timeKey(q: FactQuery, column: RawBuilder<unknown>): RawBuilder<unknown> {
  switch (q.dimension) {
    case 'day':
      return rangeIndex(column, q.frame.days);
    case 'week':
      return rangeIndex(column, q.frame.weeks);
    case 'hour':
      return sql`((${column} + ${lit(q.frame.offsetMs)}) / ${lit(HOUR_MS)}) % 24`;
    default:
      return sql`0`;
  }
}

/** The dimension's key for a row: its time bucket, its conversation's inbox or labels, its person. */
function keyOf(
  q: FactQuery,
  time: RawBuilder<unknown>,
  person: RawBuilder<unknown>,
  inbox = 'c',
): RawBuilder<unknown> {
  switch (q.dimension) {
    case 'inbox':
      return sql.ref(`${inbox}.inbox_id`);
    case 'label':
      return sql`c.tags`;
    case 'operator':
      return person;
    default:
      return timeKey(q, time);
  }
}

/** Whether the row's conversation (`c`) must be joined: for a filter, the scope or the key. */
function needsConversation(q: FactQuery, personOnConversation: boolean): boolean {
  const { filters, scope, dimension } = q;
  return (
    scope.figuresLimited ||
    filters.inboxId !== undefined ||
    filters.labelId !== undefined ||
    dimension === 'inbox' ||
    dimension === 'label' ||
    (personOnConversation && (filters.userId !== undefined || dimension === 'operator'))
  );
}

/**
 * The filters and the viewer's figures scope. `inbox` names the table alias holding `inbox_id` (the
 * conversation, or a row that carries its inbox itself); labels are the conversation's (`c.tags`).
 */
function filtersOf(
  q: FactQuery,
  person: RawBuilder<unknown>,
  joined: boolean,
  inbox = 'c',
): RawBuilder<SqlBool> {
  const parts: RawBuilder<unknown>[] = [sql`1 = 1`];
  if (joined || inbox !== 'c') {
    parts.push(sql`${q.scope.figuresWhere(inbox)}`);
    if (q.filters.inboxId) parts.push(sql`${sql.ref(`${inbox}.inbox_id`)} = ${q.filters.inboxId}`);
  }
  if (joined && q.filters.labelId) {
    parts.push(sql`c.tags LIKE ${tagPattern(q.filters.labelId)} ESCAPE '\\'`);
  }
  if (q.filters.userId) parts.push(sql`${person} = ${q.filters.userId}`);
  return sql<SqlBool>`${sql.join(parts, sql` AND `)}`;
}

export interface ResolutionFact {
  key: unknown;
  ms: number;
  involved: boolean;
  status: string;
  rating: number | null;
}

/** Resolutions in the range (by `resolved_at`), the person credited as the person. */
export async function resolutionFacts(db: Db, q: FactQuery): Promise<ResolutionFact[]> {
  const person = sql`r.person_id`;
  const { rows } = await sql<{
    k: unknown;
    ms: number;
    involved: number;
    status: string;
    rating: number | null;
  }>`
    SELECT ${keyOf(q, sql.ref('r.resolved_at'), person)} AS k, r.resolved_at - r.cycle_started_at AS ms,
      r.person_involved AS involved, r.survey_status AS status, r.rating AS rating
    FROM conversation_resolutions r JOIN conversations c ON c.id = r.conversation_id
    WHERE r.resolved_at >= ${lit(q.frame.range.start)} AND r.resolved_at < ${lit(q.frame.range.end)}
      AND ${filtersOf(q, person, true)}`.execute(db);
  return rows.map((r) => ({
    key: r.k,
    ms: num(r.ms),
    involved: num(r.involved) === 1,
    status: r.status,
    rating: r.rating === null ? null : num(r.rating),
  }));
}

export interface FirstResponseFact {
  key: unknown;
  ms: number;
  ai: boolean;
}

/** First replies of conversations started in the range, the one who wrote it as the person. */
export async function firstResponseFacts(db: Db, q: FactQuery): Promise<FirstResponseFact[]> {
  const { rows } = await sql<{ k: unknown; ms: number; ai: number }>`
    SELECT ${keyOf(q, sql.ref('c.started_at'), FIRST_RESPONDER)} AS k, c.first_response_ms AS ms,
      c.first_response_ai AS ai
    FROM conversations c
    WHERE c.started_at >= ${lit(q.frame.range.start)} AND c.started_at < ${lit(q.frame.range.end)}
      AND c.first_response_ms IS NOT NULL AND ${filtersOf(q, FIRST_RESPONDER, true)}`.execute(db);
  return rows.map((r) => ({ key: r.k, ms: num(r.ms), ai: num(r.ai) === 1 }));
}

export interface ReplyTimes {
  key: unknown;
  ai: boolean;
  totalMs: number;
  count: number;
}

/**
 * Response times of our replies sent in the range, summed per key and author kind. From the partial
 * index of replies with a time alone, unless a filter or the key needs their conversation.
 */
export async function replyTimes(db: Db, q: FactQuery): Promise<ReplyTimes[]> {
  if (q.dimension === 'inbox' && !needsConversation({ ...q, dimension: 'none' }, false)) {
    return replyTimesByInbox(db, q);
  }
  const person = sql`m.author_user_id`;
  const range = sql`m.response_ms IS NOT NULL
      AND m.timestamp >= ${lit(q.frame.range.start)} AND m.timestamp < ${lit(q.frame.range.end)}`;
  const conversationKey = q.dimension === 'inbox' || q.dimension === 'label';
  const { rows } = needsConversation(q, false)
    ? // Summed per conversation first (from the index), so only each conversation is joined, not each reply.
      await sql<{ k: unknown; ai: number; total: number; n: number }>`
        SELECT ${conversationKey ? keyOf(q, sql`x.k`, sql`x.k`) : sql`x.k`} AS k, x.ai AS ai,
          SUM(x.total) AS total, SUM(x.n) AS n
        FROM (
          SELECT ${conversationKey ? sql`0` : keyOf(q, sql.ref('m.timestamp'), person)} AS k, m.conversation_id AS cid,
            m.ai_generated AS ai, SUM(m.response_ms) AS total, COUNT(*) AS n
          FROM messages m
          WHERE ${range} AND ${filtersOf(q, person, false)}
          GROUP BY 1, 2, 3
        ) x JOIN conversations c ON c.id = x.cid
        WHERE ${filtersOf({ ...q, filters: { ...q.filters, userId: undefined } }, person, true)}
        GROUP BY 1, 2`.execute(db)
    : await sql<{ k: unknown; ai: number; total: number; n: number }>`
        SELECT ${keyOf(q, sql.ref('m.timestamp'), person)} AS k, m.ai_generated AS ai,
          SUM(m.response_ms) AS total, COUNT(*) AS n
        FROM messages m
        WHERE ${range} AND ${filtersOf(q, person, false)}
        GROUP BY 1, 2`.execute(db);
  return rows.map((r) => ({ key: r.k, ai: num(r.ai) === 1, totalMs: num(r.total), count: num(r.n) }));
}

/**
 * By inbox, with no filter on the conversation: one pass over the index of replies with a time, each
 * placed in its inbox by the set of that inbox's conversations whose last message is in or after the
 * range (each set read once; the last inbox is the rest). Summing per conversation and joining each
 * to read its inbox cost 2–3× as much on 1M messages.
 */
async function replyTimesByInbox(db: Db, q: FactQuery): Promise<ReplyTimes[]> {
  const inboxes = (await db.selectFrom('inboxes').select('id').orderBy('id').execute()).map((r) => r.id);
  const last = inboxes.at(-1);
  if (last === undefined) return [];
  const { start, end } = q.frame.range;
  const person = sql`m.author_user_id`;
  const whens = inboxes.slice(0, -1).map(
    (id) => sql`WHEN m.conversation_id IN (SELECT c.id FROM conversations c
      WHERE c.inbox_id = ${id} AND c.last_message_time >= ${lit(start)}) THEN ${id}`,
  );
  const key = whens.length === 0 ? sql`${last}` : sql`(CASE ${sql.join(whens, sql` `)} ELSE ${last} END)`;
  const { rows } = await sql<{ k: unknown; ai: number; total: number; n: number }>`
    SELECT ${key} AS k, m.ai_generated AS ai, SUM(m.response_ms) AS total, COUNT(*) AS n
    FROM messages m
    WHERE m.response_ms IS NOT NULL AND m.timestamp >= ${lit(start)} AND m.timestamp < ${lit(end)}
      AND ${filtersOf(q, person, false)}
    GROUP BY 1, 2`.execute(db);
  return rows.map((r) => ({ key: r.k, ai: num(r.ai) === 1, totalMs: num(r.total), count: num(r.n) }));
}

/**
 * Conversations with a client message in each bucket (distinct per key): the distinct pairs come from
 * the messages index alone, and only those are joined to their conversation.
 */
export async function activeConversations(db: Db, q: FactQuery): Promise<Array<{ key: unknown; n: number }>> {
  const time = q.dimension === 'day' || q.dimension === 'week' || q.dimension === 'hour';
  const joined = needsConversation(q, true);
  if (q.dimension === 'operator' && !needsConversation({ ...q, dimension: 'none' }, true))
    return activeByPerson(db, q);
  if (!time && joined) return activeByConversation(db, q);
  const outer = time ? sql`x.b` : q.dimension === 'none' ? sql`0` : keyOf(q, sql`x.b`, CONVERSATION_PERSON);
  const { rows } = await sql<{ k: unknown; n: number }>`
    SELECT ${outer} AS k, COUNT(DISTINCT x.cid) AS n
    FROM (
      SELECT DISTINCT ${time ? timeKey(q, sql.ref('m.timestamp')) : sql`0`} AS b, m.conversation_id AS cid
      FROM messages m
      WHERE m.sender = 'client' AND m.timestamp >= ${lit(q.frame.range.start)} AND m.timestamp < ${lit(q.frame.range.end)}
    ) x ${joined ? sql`JOIN conversations c ON c.id = x.cid` : sql``}
    WHERE x.b IS NOT NULL AND ${filtersOf(q, CONVERSATION_PERSON, joined)}
    GROUP BY 1`.execute(db);
  return rows.map((r) => ({ key: r.k, n: num(r.n) }));
}

/**
 * Keyed by the conversation (inbox, label, person) or filtered by it, not by time: each conversation
 * is counted once, so it is read from the conversations whose last message is in or after the range
 * (an index range) with one seek for a client message in the range, rather than from every client
 * message of the range made distinct and then joined (by inbox on 1M messages: 1.7× the time).
 */
async function activeByConversation(db: Db, q: FactQuery): Promise<Array<{ key: unknown; n: number }>> {
  const { start, end } = q.frame.range;
  const { rows } = await sql<{ k: unknown; n: number }>`
    SELECT ${q.dimension === 'none' ? sql`0` : keyOf(q, sql`0`, CONVERSATION_PERSON)} AS k, COUNT(*) AS n
    FROM conversations c
    WHERE c.last_message_time >= ${lit(start)}
      AND EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = c.id AND m.sender = 'client'
        AND m.timestamp >= ${lit(start)} AND m.timestamp < ${lit(end)})
      AND ${filtersOf(q, CONVERSATION_PERSON, true)}
    GROUP BY 1`.execute(db);
  return rows.map((r) => ({ key: r.k, n: num(r.n) }));
}

/**
 * Per person, unfiltered: the period's distinct conversations from the messages index alone, and the
 * few that belong to a person through the partial index on `last_person_id` (one seek each for a
 * client message in the range); the rest are nobody's. Joining every active conversation to read its
 * person cost most of the 90-day figures by person (bench:crm).
 */
async function activeByPerson(db: Db, q: FactQuery): Promise<Array<{ key: unknown; n: number }>> {
  const { start, end } = q.frame.range;
  const [total, people] = await Promise.all([
    sql<{ n: number }>`
      SELECT COUNT(DISTINCT m.conversation_id) AS n FROM messages m
      WHERE m.sender = 'client' AND m.timestamp >= ${lit(start)} AND m.timestamp < ${lit(end)}`.execute(db),
    sql<{ k: string; n: number }>`
      SELECT c.last_person_id AS k, COUNT(*) AS n FROM conversations c
      WHERE c.last_person_id IS NOT NULL AND c.last_message_time >= ${lit(start)}
        AND EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = c.id AND m.sender = 'client'
          AND m.timestamp >= ${lit(start)} AND m.timestamp < ${lit(end)})
      GROUP BY 1`.execute(db),
  ]);
  const rows = people.rows.map((r) => ({ key: r.k as unknown, n: num(r.n) }));
  const nobody = num(total.rows[0]?.n) - rows.reduce((sum, r) => sum + r.n, 0);
  return nobody > 0 ? [...rows, { key: null, n: nobody }] : rows;
}

export interface HandoffFact {
  key: unknown;
  conversationId: string;
  cause: string;
}

/** The agent's hand-offs (to `waiting_human`) in the range, with their conversation and cause. */
export async function handoffFacts(db: Db, q: FactQuery): Promise<HandoffFact[]> {
  const { rows } = await sql<{ k: unknown; cid: string; cause: string | null }>`
    SELECT ${keyOf(q, sql.ref('h.at'), CONVERSATION_PERSON)} AS k, h.conversation_id AS cid, h.cause AS cause
    FROM handler_changes h JOIN conversations c ON c.id = h.conversation_id
    WHERE h.to_mode = 'waiting_human' AND h.at >= ${lit(q.frame.range.start)} AND h.at < ${lit(q.frame.range.end)}
      AND ${filtersOf(q, CONVERSATION_PERSON, true)}`.execute(db);
  return rows.map((r) => ({ key: r.k, conversationId: r.cid, cause: r.cause ?? 'other' }));
}

/** Each inbox's response-time targets, in ms (inboxes without one are absent). */
export interface SlaTargets {
  firstResponse: ReadonlyMap<string, number>;
  resolution: ReadonlyMap<string, number>;
}

/** The target of the row's inbox, as SQL: a CASE over the inboxes that have one. */
function targetOf(inbox: RawBuilder<unknown>, targets: ReadonlyMap<string, number>): RawBuilder<number> {
  const whens = [...targets].map(([id, ms]) => sql`WHEN ${id} THEN ${lit(ms)}`);
  return sql<number>`(CASE ${inbox} ${sql.join(whens, sql` `)} END)`;
}

export interface SlaFact {
  key: unknown;
  /** First response: null when nobody answered; the AI's or a person's otherwise. */
  ai: boolean | null;
  measured: number;
  breached: number;
}

/**
 * First responses against their inbox's target, for conversations started in the range in an inbox
 * with one: late (`first_response_ms` over the target), or still unanswered past it at `now`.
 * Keyed as the first response (its writer is the person).
 */
export async function firstResponseBreaches(db: Db, q: FactQuery, targets: SlaTargets): Promise<SlaFact[]> {
  if (targets.firstResponse.size === 0) return [];
  const target = targetOf(sql.ref('c.inbox_id'), targets.firstResponse);
  const { rows } = await sql<{ k: unknown; ai: number | null; n: number; late: number }>`
    SELECT ${keyOf(q, sql.ref('c.started_at'), FIRST_RESPONDER)} AS k, c.first_response_ai AS ai, COUNT(*) AS n,
      SUM(CASE WHEN c.first_response_ms > ${target}
        OR (c.first_response_ms IS NULL AND ${lit(q.frame.now)} - c.started_at > ${target}) THEN 1 ELSE 0 END) AS late
    FROM conversations c
    WHERE c.started_at >= ${lit(q.frame.range.start)} AND c.started_at < ${lit(q.frame.range.end)}
      AND c.inbox_id IN (${sql.join([...targets.firstResponse.keys()])})
      AND ${filtersOf(q, FIRST_RESPONDER, true)}
    GROUP BY 1, 2`.execute(db);
  return rows.map((r) => ({
    key: r.k,
    ai: r.ai === null || r.ai === undefined ? null : num(r.ai) === 1,
    measured: num(r.n),
    breached: num(r.late),
  }));
}

/** Resolutions in the range in an inbox with a resolution target, and those that took longer. */
export async function resolutionBreaches(db: Db, q: FactQuery, targets: SlaTargets): Promise<SlaFact[]> {
  if (targets.resolution.size === 0) return [];
  const person = sql`r.person_id`;
  const target = targetOf(sql.ref('c.inbox_id'), targets.resolution);
  const { rows } = await sql<{ k: unknown; n: number; late: number }>`
    SELECT ${keyOf(q, sql.ref('r.resolved_at'), person)} AS k, COUNT(*) AS n,
      SUM(CASE WHEN r.resolved_at - r.cycle_started_at > ${target} THEN 1 ELSE 0 END) AS late
    FROM conversation_resolutions r JOIN conversations c ON c.id = r.conversation_id
    WHERE r.resolved_at >= ${lit(q.frame.range.start)} AND r.resolved_at < ${lit(q.frame.range.end)}
      AND c.inbox_id IN (${sql.join([...targets.resolution.keys()])})
      AND ${filtersOf(q, person, true)}
    GROUP BY 1`.execute(db);
  return rows.map((r) => ({ key: r.k, ai: null, measured: num(r.n), breached: num(r.late) }));
}

/** Open work now: open conversations, those waiting for a person, those whose customer waits. */
export async function backlogFacts(
  db: Db,
  q: Pick<FactQuery, 'filters' | 'scope'>,
): Promise<{ open: number; unassigned: number; waiting: number; oldest: number | null }> {
  const query = { ...q, frame: undefined as unknown as Frame, dimension: 'none' as const };
  const { rows } = await sql<{ open: number; unassigned: number; waiting: number; oldest: number | null }>`
    SELECT COUNT(*) AS open,
      SUM(CASE WHEN c.handler_mode = 'waiting_human' THEN 1 ELSE 0 END) AS unassigned,
      SUM(CASE WHEN c.awaiting_since IS NOT NULL THEN 1 ELSE 0 END) AS waiting,
      MIN(c.awaiting_since) AS oldest
    FROM conversations c
    WHERE c.status = 'active' AND c.archived_at IS NULL AND ${filtersOf(query, CONVERSATION_PERSON, true)}`.execute(
    db,
  );
  const row = rows[0];
  return {
    open: num(row?.open),
    unassigned: num(row?.unassigned),
    waiting: num(row?.waiting),
    oldest: row?.oldest == null ? null : Number(row.oldest),
  };
}
