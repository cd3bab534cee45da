import type { KnowledgeGap } from '@atende/contracts';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { ConversationScope } from '../../conversations/visibility/visibility.service.js';
import { preparedQuery } from '../../db/prepared-query.js';
import type { Database, KnowledgeGapsTable } from '../../db/schema.js';
import { toIso } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { areTwinKeys, questionKey } from './question-key.js';

type Db = Kysely<Database> | Transaction<Database>;
export type KnowledgeGapRow = KnowledgeGapsTable;

export interface GapOccurrence {
  question: string;
  reason: KnowledgeGapRow['reason'];
  conversationId: string;
  messageId: string;
  at: number;
}

/**
 * Counts one more occurrence of a question, grouped by its normalised key. The latest occurrence sets
 * the conversation and message (so the operator's reply to it becomes the suggested answer); a
 * resolved gap asked again reopens, a dismissed one stays dismissed.
 */
export async function recordGap(db: Db, gap: GapOccurrence): Promise<void> {
  const question = gap.question.trim().slice(0, 500);
  if (question === '') return;
  const key = questionKey(question);
  // The same question in other words counts on the gap already recorded, not on a new twin.
  const twin = (await recentKeys(db)).find((known) => known !== key && areTwinKeys(known, key));
  await upsertGap(db, {
    id: newId(),
    question_key: twin ?? key,
    question,
    count: 1,
    reason: gap.reason,
    last_asked_at: gap.at,
    conversation_id: gap.conversationId,
    message_id: gap.messageId,
    suggested_answer: null,
    status: 'open',
    created_at: gap.at,
  });
}

/** How many recent gaps a new question is compared with, looking for its twin. */
const TWIN_CANDIDATES = 500;

async function recentKeys(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('knowledge_gaps')
    .select('question_key')
    .orderBy('last_asked_at', 'desc')
    .limit(TWIN_CANDIDATES)
    .execute();
  return rows.map((row) => row.question_key);
}

/** The gaps of this status that ask the same as `key` (recorded before twins were merged). */
export async function twinGaps(
  db: Db,
  key: string,
  status: KnowledgeGapRow['status'],
): Promise<KnowledgeGapRow[]> {
  const rows = await db
    .selectFrom('knowledge_gaps')
    .selectAll()
    .where('status', '=', status)
    .orderBy('last_asked_at', 'desc')
    .limit(TWIN_CANDIDATES)
    .execute();
  return rows.filter((row) => row.question_key !== key && areTwinKeys(row.question_key, key));
}

/**
 * One line per question: twins of the same status fold into the most asked one, their counts
 * summed and the latest time kept.
 */
export function mergeTwins(rows: readonly KnowledgeGapRow[]): KnowledgeGapRow[] {
  const merged: KnowledgeGapRow[] = [];
  for (const row of rows) {
    const into = merged.find(
      (kept) => kept.status === row.status && areTwinKeys(kept.question_key, row.question_key),
    );
    if (!into) {
      merged.push({ ...row });
      continue;
    }
    into.count += row.count;
    into.last_asked_at = Math.max(into.last_asked_at, row.last_asked_at);
    into.suggested_answer ??= row.suggested_answer;
  }
  return merged.sort((a, b) => b.count - a.count || b.last_asked_at - a.last_asked_at);
}

/** One more occurrence of a gap (an agent reply records one about every other message). */
const upsertGap = preparedQuery((db, row: KnowledgeGapRow) =>
  db
    .insertInto('knowledge_gaps')
    .values(row)
    .onConflict((oc) =>
      oc.column('question_key').doUpdateSet({
        count: sql<number>`knowledge_gaps.count + 1`,
        question: sql<string>`excluded.question`,
        reason: sql<KnowledgeGapRow['reason']>`excluded.reason`,
        last_asked_at: sql<number>`excluded.last_asked_at`,
        conversation_id: sql<string>`excluded.conversation_id`,
        message_id: sql<string>`excluded.message_id`,
        suggested_answer: null,
        status: sql<
          KnowledgeGapRow['status']
        >`case when knowledge_gaps.status = 'dismissed' then 'dismissed' else 'open' end`,
      }),
    ),
);

export function toKnowledgeGap(row: KnowledgeGapRow): KnowledgeGap {
  return {
    id: row.id,
    question: row.question,
    count: row.count,
    reason: row.reason,
    lastAskedAt: toIso(row.last_asked_at),
    conversationId: row.conversation_id,
    suggestedAnswer: row.suggested_answer,
    status: row.status,
  };
}

export function knowledgeGapsRepository(db: Kysely<Database>) {
  return {
    /** The gaps the viewer may see: a gap quotes its conversation's customer (docs/security.md). */
    list(
      status: KnowledgeGapRow['status'] | 'all',
      scope: ConversationScope,
      limit = 200,
    ): Promise<KnowledgeGapRow[]> {
      let query = db.selectFrom('knowledge_gaps as g').selectAll('g');
      if (status !== 'all') query = query.where('g.status', '=', status);
      if (scope.limited) query = query.where(scope.conversationIdWhere('g.conversation_id'));
      return query.orderBy('g.count', 'desc').orderBy('g.last_asked_at', 'desc').limit(limit).execute();
    },

    find(id: string): Promise<KnowledgeGapRow | undefined> {
      return db.selectFrom('knowledge_gaps').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * The operator's first reply after the gap's question in the same conversation (a human message
     * from our side, not AI-generated), or null.
     */
    async operatorReplyTo(row: KnowledgeGapRow): Promise<string | null> {
      if (!row.conversation_id || !row.message_id) return null;
      const asked = await db
        .selectFrom('messages')
        .select('timestamp')
        .where('id', '=', row.message_id)
        .executeTakeFirst();
      if (!asked) return null;
      const reply = await db
        .selectFrom('messages')
        .select('content')
        .where('conversation_id', '=', row.conversation_id)
        .where('timestamp', '>', asked.timestamp)
        .where('sender', 'in', ['admin', 'agent'])
        .where('ai_generated', '=', 0)
        .where('type', '=', 'text')
        .orderBy('timestamp')
        .limit(1)
        .executeTakeFirst();
      return reply?.content ?? null;
    },

    async setSuggestedAnswer(id: string, answer: string): Promise<void> {
      await db.updateTable('knowledge_gaps').set({ suggested_answer: answer }).where('id', '=', id).execute();
    },

    async setStatus(db2: Db, id: string, status: KnowledgeGapRow['status']): Promise<void> {
      await db2.updateTable('knowledge_gaps').set({ status }).where('id', '=', id).execute();
    },
  };
}
