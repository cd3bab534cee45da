import type { KnowledgeGap } from '@atende/contracts';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { ConversationScope } from '../../conversations/visibility/visibility.service.js';
import { preparedQuery } from '../../db/prepared-query.js';
import type { Database, KnowledgeGapsTable } from '../../db/schema.js';
import { toIso } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { questionKey } from './question-key.js';

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
  await upsertGap(db, {
    id: newId(),
    question_key: questionKey(question),
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
