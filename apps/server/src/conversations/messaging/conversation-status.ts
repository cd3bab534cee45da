import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { now } from '../../lib/clock.js';
import type { DomainEvents, Realtime } from '../../types.js';

/** The conversation's life cycle beyond messages: it ends. */
export function conversationStatus(deps: {
  db: Kysely<Database>;
  realtime: Realtime;
  domainEvents: DomainEvents;
}) {
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
      const conversation = await deps.db
        .selectFrom('conversations')
        .select('client_id')
        .where('id', '=', conversationId)
        .executeTakeFirst();
      if (conversation) {
        deps.domainEvents.publish({
          type: 'conversation.status_changed',
          data: {
            conversationId,
            clientId: conversation.client_id,
            status: 'completed',
            previousStatus: null,
          },
        });
      }
      return true;
    },
  };
}
