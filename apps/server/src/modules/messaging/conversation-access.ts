import type { Kysely } from 'kysely';
import { preparedQuery } from '../../db/prepared-query.js';
import type { Database } from '../../db/schema.js';

const holderQuery = preparedQuery((db, id: string) =>
  db.selectFrom('conversations').select(['handler_mode', 'handler_user_id']).where('id', '=', id),
);

/** Who a conversation belongs to, for operators' visibility (see docs/settings.md). */
export function conversationAccess(db: Kysely<Database>) {
  return {
    /**
     * The person holding the conversation (a user id), null when nobody holds it (the AI, waiting for
     * a person, paused), undefined when there is no such conversation.
     */
    async holderOf(conversationId: string): Promise<string | null | undefined> {
      const row = (await holderQuery(db, conversationId)).rows[0];
      if (!row) return undefined;
      return row.handler_mode === 'human' ? row.handler_user_id : null;
    },
  };
}
