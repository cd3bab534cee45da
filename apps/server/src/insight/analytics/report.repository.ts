import {
  CLARIFICATION_OUTCOME_LABELS,
  type ClarificationOutcome,
  type MessageClarification,
  messageClarificationSchema,
} from '@atende/contracts';
import { type Kysely, sql } from 'kysely';
import type { ConversationScope } from '../../conversations/visibility/visibility.service.js';
import type { Database } from '../../db/schema.js';
import { DAY_MS, HOUR_MS, type TimeRange } from '../../kernel/time/time-windows.js';
import { ALL_FIGURES, type FiguresFilter } from './analytics.repository.js';

/**
 * The queries behind the analytics report (docs/metrics.md §Analytics report). Same SQL on SQLite and
 * PostgreSQL: instants are epoch-ms integers, buckets are integer arithmetic, no date functions.
 */

type Db = Kysely<Database>;

const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
const lit = (value: number) => {
  if (!Number.isSafeInteger(value)) throw new Error(`Not an integer: ${value}`);
  return sql.lit(value);
};

export interface Split {
  totalMs: number;
  count: number;
}

/**
 * First response of conversations started in the range: the first reply of ours minus the
 * conversation's start (stored with that reply), split by whether the AI wrote it.
 */
export async function firstResponses(
  db: Db,
  range: TimeRange,
  within: FiguresFilter = ALL_FIGURES,
): Promise<{ ai: Split; human: Split }> {
  const { rows } = await sql<{ ai: number; total: number | null; n: number }>`
    SELECT first_response_ai AS ai, SUM(first_response_ms) AS total, COUNT(*) AS n
    FROM conversations
    WHERE started_at >= ${lit(range.start)} AND started_at < ${lit(range.end)} AND first_response_ms IS NOT NULL
      AND ${within('conversations.id')}
    GROUP BY first_response_ai`.execute(db);
  return splitRows(rows);
}

function splitRows(rows: ReadonlyArray<{ ai: number; total: number | null; n: number }>): {
  ai: Split;
  human: Split;
} {
  const out = { ai: { totalMs: 0, count: 0 }, human: { totalMs: 0, count: 0 } };
  for (const row of rows) {
    const side = num(row.ai) === 1 ? out.ai : out.human;
    side.totalMs += num(row.total);
    side.count += num(row.n);
  }
  return out;
}

export interface Replies {
  /** Our replies in the range, and the AI's among them. */
  replies: number;
  ai: number;
  /** Mean confidence of the AI's replies. */
  meanConfidence: number | null;
  /** Response times (docs/metrics.md §avgResponseTime) of those replies, by who wrote them. */
  responseTimes: { ai: Split; human: Split };
}

/** Our replies sent in the range: counts, the AI's confidence and response times, from one index scan. */
export async function replies(
  db: Db,
  range: TimeRange,
  within: FiguresFilter = ALL_FIGURES,
): Promise<Replies> {
  const { rows } = await sql<{
    ai: number;
    n: number;
    conf: number | null;
    total: number | null;
    timed: number;
  }>`
    SELECT ai_generated AS ai, COUNT(*) AS n, AVG(confidence_score) AS conf,
      SUM(response_ms) AS total, COUNT(response_ms) AS timed
    FROM messages
    WHERE sender IN ('agent', 'admin') AND timestamp >= ${lit(range.start)} AND timestamp < ${lit(range.end)}
      AND ${within('messages.conversation_id', range.start)}
    GROUP BY ai_generated`.execute(db);
  const out: Replies = {
    replies: 0,
    ai: 0,
    meanConfidence: null,
    responseTimes: { ai: { totalMs: 0, count: 0 }, human: { totalMs: 0, count: 0 } },
  };
  for (const row of rows) {
    const isAi = num(row.ai) === 1;
    out.replies += num(row.n);
    const side = isAi ? out.responseTimes.ai : out.responseTimes.human;
    side.totalMs += num(row.total);
    side.count += num(row.timed);
    if (isAi) {
      out.ai = num(row.n);
      out.meanConfidence = row.conf === null || row.conf === undefined ? null : Number(row.conf);
    }
  }
  return out;
}

/** Agent hand-offs (to `waiting_human`) in the range by cause, the conversations they touched, and takeovers. */
export async function handoffs(
  db: Db,
  range: TimeRange,
  within: FiguresFilter = ALL_FIGURES,
): Promise<{ byCause: Map<string, number>; conversations: number; takeovers: number }> {
  const [causes, distinct] = await Promise.all([
    sql<{ mode: string; cause: string | null; n: number }>`
      SELECT to_mode AS mode, cause, COUNT(*) AS n FROM handler_changes
      WHERE at >= ${lit(range.start)} AND at < ${lit(range.end)} AND to_mode IN ('waiting_human', 'human')
        AND ${within('handler_changes.conversation_id')}
      GROUP BY to_mode, cause`.execute(db),
    sql<{ n: number }>`
      SELECT COUNT(DISTINCT conversation_id) AS n FROM handler_changes
      WHERE at >= ${lit(range.start)} AND at < ${lit(range.end)} AND to_mode = 'waiting_human'
        AND ${within('handler_changes.conversation_id')}`.execute(db),
  ]);
  const byCause = new Map<string, number>();
  let takeovers = 0;
  for (const row of causes.rows) {
    if (row.mode === 'human') takeovers += num(row.n);
    else byCause.set(row.cause ?? 'other', (byCause.get(row.cause ?? 'other') ?? 0) + num(row.n));
  }
  return { byCause, conversations: num(distinct.rows[0]?.n), takeovers };
}

/**
 * Client messages by local weekday × hour. `offsetMs` is the time zone's offset at the range's start
 * (São Paulo keeps one all year; in a zone that changes offset within the range, the hours after the
 * change are counted one off).
 */
export async function busiestHours(
  db: Db,
  range: TimeRange,
  offsetMs: number,
  within: FiguresFilter = ALL_FIGURES,
): Promise<number[][]> {
  const local = sql`(m.timestamp + ${lit(offsetMs)})`;
  // 1970-01-01 was a Thursday: day 0 + 4 is a Sunday-first weekday index.
  const { rows } = await sql<{ weekday: number; hour: number; n: number }>`
    SELECT x.weekday AS weekday, x.hour AS hour, COUNT(*) AS n FROM (
      SELECT ((${local} / ${lit(DAY_MS)}) + 4) % 7 AS weekday, (${local} / ${lit(HOUR_MS)}) % 24 AS hour
      FROM messages m
      WHERE m.sender = 'client' AND m.timestamp >= ${lit(range.start)} AND m.timestamp < ${lit(range.end)}
        AND ${within('m.conversation_id', range.start)}
    ) x
    GROUP BY x.weekday, x.hour`.execute(db);
  const grid = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  for (const row of rows) {
    const line = grid[num(row.weekday)];
    if (line) line[num(row.hour)] = num(row.n);
  }
  return grid;
}

/** The most asked open knowledge gaps among those asked in the range, of conversations the viewer sees. */
export async function topKnowledgeGaps(
  db: Db,
  range: TimeRange,
  scope: ConversationScope,
  within: FiguresFilter = ALL_FIGURES,
  limit = 10,
) {
  return (
    db
      .selectFrom('knowledge_gaps as g')
      .select(['g.question', 'g.count', 'g.reason', 'g.last_asked_at'])
      .where('g.last_asked_at', '>=', range.start)
      .where('g.last_asked_at', '<', range.end)
      .where('g.status', '=', 'open')
      .$if(scope.limited, (q) => q.where(scope.conversationIdWhere('g.conversation_id')))
      // Filtered figures keep the gaps asked in a conversation that matches.
      .$if(within !== ALL_FIGURES, (q) => q.where(within('g.conversation_id')))
      .orderBy('g.count', 'desc')
      .orderBy('g.last_asked_at', 'desc')
      .limit(limit)
      .execute()
  );
}

function clarificationOf(json: string | null): MessageClarification | null {
  if (json === null) return null;
  try {
    const parsed = messageClarificationSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The agent's clarifying questions asked in the range and how each ended: the agent's answer to the
 * customer's reply (stored later, on its own message) says; none yet is `open`. Few messages carry a
 * clarification, and a partial index holds exactly those.
 */
export async function clarifications(
  db: Db,
  range: TimeRange,
  within: FiguresFilter = ALL_FIGURES,
): Promise<{ count: number; outcomes: { outcome: ClarificationOutcome; label: string; count: number }[] }> {
  const rows = await db
    .selectFrom('messages')
    .select(['id', 'timestamp', 'clarification'])
    .where('clarification', 'is not', null)
    .where('timestamp', '>=', range.start)
    .$if(within !== ALL_FIGURES, (q) => q.where(within('messages.conversation_id', range.start)))
    .execute();
  const asked = new Set<string>();
  const ended = new Map<string, ClarificationOutcome>();
  for (const row of rows) {
    const c = clarificationOf(row.clarification);
    if (c?.kind === 'question' && row.timestamp < range.end) asked.add(row.id);
    if (c?.kind === 'resolution') ended.set(c.clarificationMessageId, c.outcome);
  }
  const counts = new Map<ClarificationOutcome, number>();
  for (const id of asked) {
    const outcome = ended.get(id) ?? 'open';
    counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
  }
  return {
    count: asked.size,
    outcomes: [...counts.entries()]
      .map(([outcome, count]) => ({ outcome, label: CLARIFICATION_OUTCOME_LABELS[outcome], count }))
      .sort((a, b) => b.count - a.count || a.outcome.localeCompare(b.outcome)),
  };
}
