import type { Conversation } from '@atende/contracts';
import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { now } from '../../lib/clock.js';
import type { DomainEvents, Realtime } from '../../types.js';
import { CONVERSATION_NOT_FOUND, lockConversation } from './change-handler.js';
import { toConversation } from './conversation-row.js';
import { PendingEvents } from './pending-events.js';

/** A conversation's labels: their ids are its `tags` (the list's tag filter reads them). */
export function labelWriter(deps: {
  db: Kysely<Database>;
  kind: DatabaseKind;
  realtime: Realtime;
  domainEvents: DomainEvents;
}) {
  return {
    /** Replaces the conversation's labels; the new row goes to the dashboard as `conversation:updated`. */
    async setLabels(conversationId: string, labelIds: readonly string[]): Promise<Conversation> {
      const tags = JSON.stringify([...new Set(labelIds)]);
      const events = new PendingEvents();
      const row = await deps.db.transaction().execute(async (trx) => {
        const current = await lockConversation(trx, deps.kind, conversationId);
        if (!current) throw new AppError('NOT_FOUND', CONVERSATION_NOT_FOUND);
        const at = now();
        await trx
          .updateTable('conversations')
          .set({ tags, updated_at: at })
          .where('id', '=', conversationId)
          .execute();
        const updated = { ...current, tags, updated_at: at };
        events.dashboard('conversation:updated', toConversation(updated));
        return updated;
      });
      events.flush(deps);
      return toConversation(row);
    },
  };
}
