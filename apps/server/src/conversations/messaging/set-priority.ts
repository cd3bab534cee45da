import type { Conversation, ConversationPriority } from '@atende/contracts';
import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { now } from '../../lib/clock.js';
import type { DomainEvents, Realtime } from '../../types.js';
import { CONVERSATION_NOT_FOUND, lockConversation } from './change-handler.js';
import { toConversation } from './conversation-row.js';
import { PendingEvents } from './pending-events.js';

/** A conversation's priority (a rule's or a macro's action); the list hears the new row. */
export function priorityWriter(deps: {
  db: Kysely<Database>;
  kind: DatabaseKind;
  realtime: Realtime;
  domainEvents: DomainEvents;
}) {
  return {
    async setPriority(conversationId: string, priority: ConversationPriority | null): Promise<Conversation> {
      const events = new PendingEvents();
      const row = await deps.db.transaction().execute(async (trx) => {
        const current = await lockConversation(trx, deps.kind, conversationId);
        if (!current) throw new AppError('NOT_FOUND', CONVERSATION_NOT_FOUND);
        if (current.priority === priority) return current;
        const at = now();
        await trx
          .updateTable('conversations')
          .set({ priority, updated_at: at })
          .where('id', '=', conversationId)
          .execute();
        const updated = { ...current, priority, updated_at: at };
        events.dashboard('conversation:updated', toConversation(updated));
        return updated;
      });
      events.flush(deps);
      return toConversation(row);
    },
  };
}
