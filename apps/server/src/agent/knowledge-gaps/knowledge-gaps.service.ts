import type { KnowledgeGap, ResolveKnowledgeGapRequest } from '@atende/contracts';
import type { Kysely } from 'kysely';
import type { ConversationScope } from '../../conversations/visibility/visibility.service.js';
import type { Database } from '../../db/schema.js';
import { emitActivity, recordActivity } from '../../kernel/activities/activities.service.js';
import { AppError } from '../../lib/app-error.js';
import type { KnowledgeBaseEvents, Realtime } from '../../types.js';
import { readKnowledgeBase, writeKnowledgeBase } from '../knowledge-base/knowledge-base.repository.js';
import {
  knowledgeGapsRepository,
  mergeTwins,
  toKnowledgeGap,
  twinGaps,
} from './knowledge-gaps.repository.js';

export const GAP_NOT_FOUND = 'Lacuna de conhecimento não encontrada';

/** A knowledge-base section for a learnt answer: `## question` then the answer. */
export function knowledgeBaseEntry(question: string, answer: string): string {
  const title = question
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^#+\s*/, '');
  // A line of the answer must not open a new section.
  return `## ${title}\n${answer.trim().replace(/^#+\s*/gm, '')}`;
}

export function createKnowledgeGapsService(deps: {
  db: Kysely<Database>;
  realtime: Realtime;
  knowledgeBase: KnowledgeBaseEvents;
  maxKnowledgeBaseChars: number;
}) {
  const repo = knowledgeGapsRepository(deps.db);

  async function load(id: string) {
    const row = await repo.find(id);
    if (!row) throw new AppError('NOT_FOUND', GAP_NOT_FOUND);
    return row;
  }

  return {
    /** Gaps by count; each open one carries the operator's reply to it as the suggested answer. */
    async list(
      status: 'open' | 'resolved' | 'dismissed' | 'all',
      scope: ConversationScope,
    ): Promise<KnowledgeGap[]> {
      const rows = mergeTwins(await repo.list(status, scope));
      for (const row of rows) {
        if (row.status !== 'open' || row.suggested_answer) continue;
        const reply = await repo.operatorReplyTo(row);
        if (reply) {
          row.suggested_answer = reply;
          await repo.setSuggestedAnswer(row.id, reply);
        }
      }
      return rows.map(toKnowledgeGap);
    },

    /**
     * Turns a gap into a knowledge-base entry (appended, re-indexed at once), marks it resolved and
     * records an `ai_learning` activity.
     */
    async resolve(
      id: string,
      input: ResolveKnowledgeGapRequest,
      user: { id: string; name: string },
    ): Promise<KnowledgeGap> {
      const row = await load(id);
      if (row.status === 'resolved') throw new AppError('CONFLICT', 'Esta lacuna já foi resolvida');
      const question = input.question ?? row.question;
      const current = await readKnowledgeBase(deps.db);
      const content = `${current.content.trimEnd()}${current.content.trim() ? '\n\n' : ''}${knowledgeBaseEntry(question, input.answer)}\n`;
      if (content.length > deps.maxKnowledgeBaseChars) {
        throw new AppError('VALIDATION_ERROR', 'Base de conhecimento muito grande');
      }
      const { activity } = await deps.db.transaction().execute(async (trx) => {
        await writeKnowledgeBase(trx, content, user.id);
        await repo.setStatus(trx, id, 'resolved');
        // Its twins (the same question in other words) are answered by the same entry.
        for (const twin of await twinGaps(trx, row.question_key, 'open'))
          await repo.setStatus(trx, twin.id, 'resolved');
        const activity = await recordActivity(trx, {
          type: 'ai_learning',
          title: 'IA aprendeu uma nova resposta',
          description: `${user.name} adicionou à base de conhecimento: "${question.slice(0, 120)}"`,
          conversationId: row.conversation_id,
        });
        return { activity };
      });
      deps.knowledgeBase.emitChange(content);
      emitActivity(deps, activity);
      return toKnowledgeGap({ ...row, status: 'resolved' });
    },

    async dismiss(id: string): Promise<KnowledgeGap> {
      const row = await load(id);
      await deps.db.transaction().execute(async (trx) => {
        await repo.setStatus(trx, id, 'dismissed');
        for (const twin of await twinGaps(trx, row.question_key, 'open'))
          await repo.setStatus(trx, twin.id, 'dismissed');
      });
      return toKnowledgeGap({ ...row, status: 'dismissed' });
    },
  };
}
