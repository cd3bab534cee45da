import type { Kysely } from 'kysely';
import { preparedQuery } from '../../db/prepared-query.js';
import type { Database } from '../../db/schema.js';

const holderQuery = preparedQuery((db, id: string) =>
  db.selectFrom('conversations').select(['handler_mode', 'handler_user_id', 'inbox_id']).where('id', '=', id),
);

const inboxQuery = preparedQuery((db, id: string) =>
  db.selectFrom('conversations').select('inbox_id').where('id', '=', id),
);

const mediaConversationQuery = preparedQuery((db, url: string) =>
  db.selectFrom('messages').select('conversation_id').where('media_url', '=', url).limit(1),
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

    /** Who holds a conversation (null: nobody) and its inbox, for routing its events; undefined: none. */
    async routingOf(conversationId: string): Promise<{ holder: string | null; inboxId: string } | undefined> {
      const row = (await holderQuery(db, conversationId)).rows[0];
      if (!row) return undefined;
      return { holder: row.handler_mode === 'human' ? row.handler_user_id : null, inboxId: row.inbox_id };
    },

    /** The inbox a conversation came through, undefined when there is no such conversation. */
    async inboxOf(conversationId: string): Promise<string | undefined> {
      return (await inboxQuery(db, conversationId)).rows[0]?.inbox_id;
    },

    /** The conversation a stored file was sent in (by its URL), undefined when no message carries it. */
    async conversationOfMedia(url: string): Promise<string | undefined> {
      return (await mediaConversationQuery(db, url)).rows[0]?.conversation_id;
    },
  };
}
