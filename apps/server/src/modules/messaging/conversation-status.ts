import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { now } from '../../lib/clock.js';
import type { Realtime } from '../../types.js';

/** The conversation's life cycle beyond messages: it ends. */
export function conversationStatus(deps: { db: Kysely<Database>; realtime: Realtime }) {
  return {
    /** The customer said goodbye: completed (false when it already was), announced to both rooms. */
    async complete(conversationId: string): Promise<boolean> {
      const result = await deps.db
        .updateTable('conversations')
        .set({ status: 'completed', updated_at: now() })
        .where('id', '=', conversationId)
        .where('status', '!=', 'completed')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      deps.realtime.toDashboardAndConversation(conversationId, 'conversations:statusUpdate', {
        conversationId,
        status: 'completed',
      });
      return true;
    },
  };
}
