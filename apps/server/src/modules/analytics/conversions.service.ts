import type { Activity, Conversation } from '@atende/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { now, toIso } from '../../lib/clock.js';
import { emitActivity, recordActivity } from '../activities/activities.service.js';
import { findConversation, toConversation } from '../conversations/conversation-row.js';

/** The tag a converted conversation carries. */
export const CONVERSION_TAG = 'venda';

export interface MarkConvertedResult {
  conversationId: string;
  convertedAt: number;
  alreadyConverted: boolean;
  /** Present when something changed: the activity and the updated row, to emit after the commit. */
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

/**
 * Sets `converted_at` once (docs/metrics.md §conversionRate), adds the `venda` tag and records a
 * `conversion` activity, in one transaction. Marking again changes nothing.
 */
export async function markConverted(
  db: Kysely<Database>,
  conversationId: string,
  at: number = now(),
): Promise<MarkConvertedResult> {
  return db.transaction().execute(async (trx) => {
    const row = await findConversation(trx, conversationId);
    if (!row) throw new AppError('NOT_FOUND', 'Conversa não encontrada');
    if (row.converted_at !== null) {
      return {
        conversationId,
        convertedAt: Number(row.converted_at),
        alreadyConverted: true,
        activity: null,
        conversation: null,
      };
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
      title: 'Nova conversão',
      description: `${row.client_name ?? 'Cliente'} fechou uma compra`,
      conversationId,
      timestamp: at,
    });
    const updated = toConversation({ ...row, converted_at: at, tags, updated_at: at });
    return { conversationId, convertedAt: at, alreadyConverted: false, activity, conversation: updated };
  });
}

/** Marks, then announces the change (after the commit). */
export async function markConvertedAndEmit(
  app: FastifyInstance,
  conversationId: string,
  at?: number,
): Promise<MarkConvertedResult> {
  const result = await markConverted(app.db, conversationId, at);
  if (result.activity) emitActivity(app, result.activity);
  if (result.conversation) {
    app.realtime.toDashboard('conversation:updated', result.conversation);
    app.realtime.toConversation(conversationId, 'conversation:updated', result.conversation);
  }
  return result;
}

export function conversionView(result: MarkConvertedResult) {
  return {
    conversationId: result.conversationId,
    convertedAt: toIso(result.convertedAt),
    alreadyConverted: result.alreadyConverted,
  };
}
