import type { Kysely } from 'kysely';
import { preparedQuery } from '../../db/prepared-query.js';
import type { Database } from '../../db/schema.js';

/** One read for a send: the message, its recipient and the quoted message's provider id. */
const outboundQuery = preparedQuery((db, messageId: string) =>
  db
    .selectFrom('messages as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .innerJoin('clients as cl', 'cl.id', 'c.client_id')
    .leftJoin('messages as q', 'q.id', 'm.reply_to_id')
    .select([
      'm.status',
      'm.content',
      'm.provider_message_id',
      'cl.phone',
      'cl.lid',
      'q.provider_message_id as quoted_provider_message_id',
      'q.content as quoted_content',
      'm.clarification',
    ])
    .where('m.id', '=', messageId),
);

/** What the channel jobs read to hand our messages and reactions to the provider. */
export function channelReads(db: Kysely<Database>) {
  return {
    /** One of our messages with its recipient, the quoted message (provider id, text) and its choices. */
    async outbound(messageId: string) {
      return (await outboundQuery(db, messageId)).rows[0];
    },

    /** Our side's reaction on a message as it is now, with the message's provider id and recipient. */
    async ourReaction(messageId: string) {
      const row = await db
        .selectFrom('messages as m')
        .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
        .innerJoin('clients as cl', 'cl.id', 'c.client_id')
        .leftJoin('reactions as r', (join) =>
          join.onRef('r.message_id', '=', 'm.id').on('r.sender', '=', 'agent'),
        )
        .select(['m.provider_message_id', 'cl.phone', 'cl.lid', 'r.emoji'])
        .where('m.id', '=', messageId)
        .executeTakeFirst();
      return row;
    },
  };
}
