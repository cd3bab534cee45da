import type { Activity, Conversation } from '@atende/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { recordActivity } from '../../kernel/activities/activities.service.js';
import { activityTexts } from '../../kernel/activities/activity-texts.js';
import { AppError } from '../../lib/app-error.js';
import { now } from '../../lib/clock.js';
import type { Realtime } from '../../types.js';
import { CONVERSATION_NOT_FOUND } from './change-handler.js';
import { findConversation, toConversation } from './conversation-row.js';

/** The tag a converted conversation carries. */
export const CONVERSION_TAG = 'venda';

export interface MarkConvertedResult {
  conversationId: string;
  convertedAt: number;
  alreadyConverted: boolean;
  /** Present when something changed (and was announced): the activity and the updated row. */
  activity: Activity | null;
  conversation: Conversation | null;
}

function withTag(tagsJson: string, tag: string): string {
  let tags: unknown;
  try {
    tags = JSON.parse(tagsJson);
  } catch {
    tags = [];
  }
  const list = Array.isArray(tags) ? tags.filter((t): t is string => typeof t === 'string') : [];
  return JSON.stringify(list.includes(tag) ? list : [...list, tag]);
}

/** A sale closed in the conversation (docs/metrics.md §conversionRate). */
export function conversions(deps: { db: Kysely<Database>; realtime: Realtime }) {
  return {
    /**
     * Sets `converted_at` once, adds the `venda` tag and records a `conversion` activity, in one
     * transaction, then announces them. Marking again changes nothing.
     */
    async markConverted(conversationId: string, at: number = now()): Promise<MarkConvertedResult> {
      const result = await deps.db.transaction().execute(async (trx): Promise<MarkConvertedResult> => {
        const row = await findConversation(trx, conversationId);
        if (!row) throw new AppError('NOT_FOUND', CONVERSATION_NOT_FOUND);
        if (row.converted_at !== null) {
          const convertedAt = Number(row.converted_at);
          return { conversationId, convertedAt, alreadyConverted: true, activity: null, conversation: null };
        }
        const tags = withTag(row.tags, CONVERSION_TAG);
        await trx
          .updateTable('conversations')
          .set({ converted_at: at, tags, updated_at: at })
          .where('id', '=', conversationId)
          .where('converted_at', 'is', null)
          .execute();
        const activity = await recordActivity(trx, {
          type: 'conversion',
          ...activityTexts.conversion(row.client_name ?? 'Cliente'),
          conversationId,
          timestamp: at,
        });
        const conversation = toConversation({ ...row, converted_at: at, tags, updated_at: at });
        return { conversationId, convertedAt: at, alreadyConverted: false, activity, conversation };
      });
      if (result.activity) deps.realtime.toDashboard('analytics:update', result.activity);
      if (result.conversation) {
        deps.realtime.toDashboardAndConversation(conversationId, 'conversation:updated', result.conversation);
      }
      return result;
    },
  };
}
