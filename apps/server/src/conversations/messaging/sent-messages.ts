import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Our own messages by provider id: a channel recognises its echoes and re-sends on retry receipts. */
export function sentMessages(db: Kysely<Database>) {
  return {
    /** The text of a message we (agent or operator) sent with this provider id, else null. */
    async find(providerMessageId: string): Promise<{ text: string } | null> {
      const row = await db
        .selectFrom('messages')
        .select('content')
        .where('provider_message_id', '=', providerMessageId)
        .where('sender', '!=', 'client')
        .executeTakeFirst();
      return row ? { text: row.content } : null;
    },
  };
}
