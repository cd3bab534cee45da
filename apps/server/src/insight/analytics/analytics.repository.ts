import type { ReportFilters } from '@atende/contracts';
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { ConversationScope } from '../../conversations/visibility/visibility.service.js';
import type { Database } from '../../db/schema.js';
import type { TimeRange } from '../../kernel/time/time-windows.js';

/**
 * The metric queries of docs/metrics.md. One statement per figure *for a whole list of ranges*:
 * each row is placed in its range by a `CASE` over the precomputed bounds (epoch-ms integers, inlined
 * as literals so both databases do integer comparisons), so a 30-point series is one query.
 * No date functions: the same SQL runs on SQLite and PostgreSQL.
 */

type Db = Kysely<Database>;

function int(value: number): RawBuilder<number> {
  if (!Number.isSafeInteger(value)) throw new Error(`Not an integer instant: ${value}`);
  return sql.lit(value);
}

/**
 * The index of the range holding `column`, or NULL. Contiguous ranges of one length (hours; days
 * without an offset change) use integer arithmetic, `(col - start) / length`; otherwise a
 * `CASE WHEN col >= s0 AND col < e0 THEN 0 …` over the bounds. Rows outside every range must be
 * filtered by the caller's WHERE on `span` for the arithmetic form.
 */
export function rangeIndex(
  column: RawBuilder<unknown>,
  ranges: readonly TimeRange[],
): RawBuilder<number | null> {
  const first = ranges[0];
  const length = first ? first.end - first.start : 0;
  const uniform =
    first !== undefined &&
    length > 0 &&
    ranges.every(
      (r, i) =>
        r.start === first.start + i * length &&
        (i === ranges.length - 1 ? r.end <= r.start + length : r.end === r.start + length),
    );
  if (uniform) return sql<number>`((${column} - ${int(first.start)}) / ${int(length)})`;
  const whens = ranges.map(
    (r, i) => sql`WHEN ${column} >= ${int(r.start)} AND ${column} < ${int(r.end)} THEN ${sql.lit(i)}`,
  );
  return sql<number | null>`CASE ${sql.join(whens, sql` `)} ELSE NULL END`;
}

/** The earliest instant of the ranges. */
const since = (ranges: readonly TimeRange[]) => Math.min(...ranges.map((r) => r.start));

/** `[min start, max end)` covering every range, for an index-friendly WHERE. */
export function span(ranges: readonly TimeRange[]): { from: RawBuilder<number>; to: RawBuilder<number> } {
  const from = Math.min(...ranges.map((r) => r.start));
  const to = Math.max(...ranges.map((r) => r.end));
  return { from: int(from), to: int(to) };
}

function fill<T>(
  ranges: readonly TimeRange[],
  rows: ReadonlyArray<{ bucket: number | null } & T>,
  empty: T,
): T[] {
  const out = ranges.map(() => ({ ...empty }));
  for (const row of rows) {
    if (row.bucket !== null && row.bucket !== undefined) {
      const { bucket, ...rest } = row;
      out[Number(bucket)] = rest as unknown as T;
    }
  }
  return out;
}

const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

/**
 * Which rows a viewer's figures count, by their conversation's id (the column named): those of
 * conversations in the inboxes open to them (all, for a viewer no figures rule limits) that match the
 * filters: the conversation's inbox, its label, its person (who holds it, or last held it).
 * `messagesSince`: the rows are messages at or after this instant, so their conversation's last
 * message is too — the matching conversations are then read once, from an index range, as a set
 * (a filtered 90-day report on 1M messages: 10× faster than a lookup per message).
 */
export type FiguresFilter = (conversationIdColumn: string, messagesSince?: number) => RawBuilder<SqlBool>;
export const ALL_FIGURES: FiguresFilter = () => sql<SqlBool>`1 = 1`;

/** A label id inside a conversation's `tags` (a JSON array of ids), as a LIKE pattern. */
export function tagPattern(labelId: string): string {
  return `%${JSON.stringify(labelId).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function figuresOf(scope: ConversationScope, filters: ReportFilters = {}): FiguresFilter {
  const parts: RawBuilder<unknown>[] = [];
  if (scope.figuresLimited) parts.push(sql`${scope.figuresWhere('fc')}`);
  if (filters.inboxId) parts.push(sql`fc.inbox_id = ${filters.inboxId}`);
  if (filters.userId) parts.push(sql`fc.last_person_id = ${filters.userId}`);
  if (filters.labelId) parts.push(sql`fc.tags LIKE ${tagPattern(filters.labelId)} ESCAPE '\\'`);
  if (parts.length === 0) return ALL_FIGURES;
  const where = sql.join(parts, sql` AND `);
  return (column, messagesSince) =>
    messagesSince === undefined
      ? sql<SqlBool>`EXISTS (SELECT 1 FROM conversations fc WHERE fc.id = ${sql.ref(column)} AND ${where})`
      : sql<SqlBool>`${sql.ref(column)} IN (SELECT fc.id FROM conversations fc
          WHERE fc.last_message_time >= ${int(messagesSince)} AND ${where})`;
}

/** What `countPerRange` counts: `count` (an aggregate over `x`) of `rows`, joined to `join` if given. */
interface RangeCount {
  count: RawBuilder<unknown>;
  /** A SELECT of the rows inside `[from, to)`, each with its range's index (or NULL) as `bucket`. */
  rows: (bounds: { from: RawBuilder<number>; to: RawBuilder<number> }) => RawBuilder<unknown>;
  join?: RawBuilder<unknown>;
}

/** One count per range, 0 where no row falls: each per-range count then states only its aggregate and rows. */
async function countPerRange(db: Db, ranges: readonly TimeRange[], query: RangeCount): Promise<number[]> {
  if (ranges.length === 0) return [];
  const { rows } = await sql<{ bucket: number | null; n: number }>`
    SELECT x.bucket AS bucket, ${query.count} AS n
    FROM (${query.rows(span(ranges))}
    ) x ${query.join ?? sql``}
    WHERE x.bucket IS NOT NULL
    GROUP BY x.bucket`.execute(db);
  return fill(
    ranges,
    rows.map((r) => ({ bucket: r.bucket, n: num(r.n) })),
    { n: 0 },
  ).map((r) => r.n);
}

/** Distinct conversations with a client message, per range. */
export function activeConversationsPerRange(
  db: Db,
  ranges: readonly TimeRange[],
  within: FiguresFilter = ALL_FIGURES,
): Promise<number[]> {
  return countPerRange(db, ranges, {
    count: sql`COUNT(DISTINCT x.conversation_id)`,
    rows: ({ from, to }) => sql`
      SELECT ${rangeIndex(sql.ref('m.timestamp'), ranges)} AS bucket, m.conversation_id AS conversation_id
      FROM messages m
      WHERE m.sender = 'client' AND m.timestamp >= ${from} AND m.timestamp < ${to}
        AND ${within('m.conversation_id', since(ranges))}`,
  });
}

/** Agent hand-offs (`handler_changes` to `waiting_human`), per range. */
export function handoffsPerRange(
  db: Db,
  ranges: readonly TimeRange[],
  within: FiguresFilter = ALL_FIGURES,
): Promise<number[]> {
  return countPerRange(db, ranges, {
    count: sql`COUNT(*)`,
    rows: ({ from, to }) => sql`
      SELECT ${rangeIndex(sql.ref('h.at'), ranges)} AS bucket FROM handler_changes h
      WHERE h.to_mode = 'waiting_human' AND h.at >= ${from} AND h.at < ${to} AND ${within('h.conversation_id')}`,
  });
}

/** Distinct clients with a client message (in any of their conversations), per range. */
export function activeClientsPerRange(
  db: Db,
  ranges: readonly TimeRange[],
  within: FiguresFilter = ALL_FIGURES,
): Promise<number[]> {
  return countPerRange(db, ranges, {
    count: sql`COUNT(DISTINCT c.client_id)`,
    rows: ({ from, to }) => sql`
      SELECT DISTINCT ${rangeIndex(sql.ref('m.timestamp'), ranges)} AS bucket, m.conversation_id AS conversation_id
      FROM messages m
      WHERE m.sender = 'client' AND m.timestamp >= ${from} AND m.timestamp < ${to}
        AND ${within('m.conversation_id', since(ranges))}`,
    join: sql`JOIN conversations c ON c.id = x.conversation_id`,
  });
}

export interface ResponseTimes {
  /** Sum of response times, ms. */
  totalMs: number;
  /** Replies with a response time. */
  count: number;
}

/**
 * Response times of our replies sent in each range (docs/metrics.md §avgResponseTime), stored with
 * each reply. Replies with no client message since our previous message have none.
 */
export async function responseTimesPerRange(
  db: Db,
  ranges: readonly TimeRange[],
  within: FiguresFilter = ALL_FIGURES,
): Promise<ResponseTimes[]> {
  if (ranges.length === 0) return [];
  const { from, to } = span(ranges);
  const bucket = rangeIndex(sql.ref('r.timestamp'), ranges);
  const { rows } = await sql<{ bucket: number | null; total: number | null; n: number }>`
    SELECT x.bucket AS bucket, SUM(x.rt) AS total, COUNT(x.rt) AS n
    FROM (
      SELECT ${bucket} AS bucket, r.response_ms AS rt
      FROM messages r
      WHERE r.sender IN ('agent', 'admin') AND r.timestamp >= ${from} AND r.timestamp < ${to}
        AND ${within('r.conversation_id', since(ranges))}
    ) x
    WHERE x.bucket IS NOT NULL AND x.rt IS NOT NULL
    GROUP BY x.bucket`.execute(db);
  return fill(
    ranges,
    rows.map((r) => ({ bucket: r.bucket, totalMs: num(r.total), count: num(r.n) })),
    { totalMs: 0, count: 0 },
  );
}

export interface ConversionCounts {
  /** Conversations active in the range. */
  conversations: number;
  /** Of those, converted within the range. */
  converted: number;
}

/**
 * Conversion counts per range (docs/metrics.md §conversionRate): the active conversations, and those
 * among them that converted in the same range — a conversion whose conversation has a client message in
 * the range of its `converted_at`. Two index reads, no join of every active conversation.
 */
export async function conversionsPerRange(
  db: Db,
  ranges: readonly TimeRange[],
  within: FiguresFilter = ALL_FIGURES,
): Promise<ConversionCounts[]> {
  const [active, converted] = await Promise.all([
    activeConversationsPerRange(db, ranges, within),
    countPerRange(db, ranges, {
      count: sql`COUNT(*)`,
      rows: ({ from, to }) => sql`
        SELECT ${rangeIndex(sql.ref('c.converted_at'), ranges)} AS bucket
        FROM conversations c
        WHERE c.converted_at >= ${from} AND c.converted_at < ${to} AND ${within('c.id')}
          AND EXISTS (
            SELECT 1 FROM messages m
            WHERE m.conversation_id = c.id AND m.sender = 'client' AND m.timestamp >= ${from} AND m.timestamp < ${to}
              AND ${rangeIndex(sql.ref('m.timestamp'), ranges)} = ${rangeIndex(sql.ref('c.converted_at'), ranges)}
          )`,
    }),
  ]);
  return ranges.map((_, i) => ({ conversations: active[i] ?? 0, converted: converted[i] ?? 0 }));
}

/** Messages (any sender) with a timestamp in the range. */
export async function countMessages(
  db: Db,
  range: TimeRange,
  within: FiguresFilter = ALL_FIGURES,
): Promise<number> {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('timestamp', '>=', range.start)
    .where('timestamp', '<', range.end)
    .where(within('messages.conversation_id', range.start))
    .executeTakeFirst();
  return num(row?.n);
}

/** Our replies in the range, and how many the AI wrote. */
export async function repliesByAuthor(
  db: Db,
  range: TimeRange,
  within: FiguresFilter = ALL_FIGURES,
): Promise<{ replies: number; ai: number }> {
  const row = await db
    .selectFrom('messages')
    .select((eb) => [
      eb.fn.countAll<number>().as('replies'),
      eb.fn.sum<number>(eb.case().when('ai_generated', '=', 1).then(1).else(0).end()).as('ai'),
    ])
    .where('sender', 'in', ['agent', 'admin'])
    .where('timestamp', '>=', range.start)
    .where('timestamp', '<', range.end)
    .where(within('messages.conversation_id', range.start))
    .executeTakeFirst();
  return { replies: num(row?.replies), ai: num(row?.ai) };
}

/** Activities of a type in the range. */
export async function countActivities(
  db: Db,
  type: Database['activities']['type'],
  range: TimeRange,
  within: FiguresFilter = ALL_FIGURES,
): Promise<number> {
  const row = await db
    .selectFrom('activities')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('type', '=', type)
    .where('timestamp', '>=', range.start)
    .where('timestamp', '<', range.end)
    // A filtered or limited count keeps only activities of a conversation that passes.
    .$if(within !== ALL_FIGURES, (q) => q.where(within('activities.conversation_id')))
    .executeTakeFirst();
  return num(row?.n);
}

/** Conversations whose `started_at` (they began) or `converted_at` (they converted) is in the range. */
export async function countConversationsAt(
  db: Db,
  column: 'started_at' | 'converted_at',
  range: TimeRange,
  within: FiguresFilter = ALL_FIGURES,
): Promise<number> {
  const row = await db
    .selectFrom('conversations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(column, '>=', range.start)
    .where(column, '<', range.end)
    .where(within('conversations.id'))
    .executeTakeFirst();
  return num(row?.n);
}

/** All conversations grouped by a column (status or handler mode). */
export async function countConversationsBy(
  db: Db,
  column: 'status' | 'handler_mode',
  within: FiguresFilter = ALL_FIGURES,
): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('conversations')
    .select((eb) => [eb.ref(column).as('key'), eb.fn.countAll<number>().as('n')])
    .where(within('conversations.id'))
    .groupBy(column)
    .execute();
  return Object.fromEntries(rows.map((r) => [String(r.key), num(r.n)]));
}
