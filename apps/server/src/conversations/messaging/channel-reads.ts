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
      'm.conversation_id',
      'm.type',
      'm.media_url',
      'm.media_mime_type',
      'cl.phone',
      'cl.lid',
      'q.provider_message_id as quoted_provider_message_id',
      'q.content as quoted_content',
      'm.clarification',
    ])
    .where('m.id', '=', messageId),
);

/** Most of a customer's unanswered messages one read receipt covers. */
const UNANSWERED_MAX = 50;

/** What the channel jobs read to hand our messages and reactions to the provider. */
export function channelReads(db: Kysely<Database>) {
  return {
    /** One of our messages with its recipient, the quoted message (provider id, text) and its choices. */
    async outbound(messageId: string) {
      return (await outboundQuery(db, messageId)).rows[0];
    },

    /**
     * The customer's messages we have not answered yet (those after our side's last message, or after
     * the last one before `ours`), newest first, with where to send their read receipt.
     */
    async unanswered(conversationId: string, ours?: string) {
      const last = await db
        .selectFrom('messages')
        .select((eb) => eb.fn.max('timestamp').as('at'))
        .where('conversation_id', '=', conversationId)
        .where('sender', '!=', 'client')
        .$if(ours !== undefined, (q) => q.where('id', '!=', ours as string))
        .executeTakeFirst();
      const rows = await db
        .selectFrom('messages as m')
        .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
        .innerJoin('clients as cl', 'cl.id', 'c.client_id')
        .select(['m.id', 'm.provider_message_id', 'cl.phone', 'cl.lid', 'c.inbox_id'])
        .where('m.conversation_id', '=', conversationId)
        .where('m.sender', '=', 'client')
        .where('m.provider_message_id', 'is not', null)
        .where('m.deleted_at', 'is', null)
        .where('m.timestamp', '>', Number(last?.at ?? 0))
        .orderBy('m.timestamp', 'desc')
        .limit(UNANSWERED_MAX)
        .execute();
      const first = rows[0];
      if (!first) return undefined;
      return {
        inboxId: first.inbox_id,
        phone: first.phone,
        lid: first.lid,
        latestId: first.id,
        providerMessageIds: rows.flatMap((row) => (row.provider_message_id ? [row.provider_message_id] : [])),
      };
    },

    /** Who a conversation is with, and through which inbox. */
    async recipient(conversationId: string) {
      return db
        .selectFrom('conversations as c')
        .innerJoin('clients as cl', 'cl.id', 'c.client_id')
        .select(['c.inbox_id', 'cl.phone', 'cl.lid'])
        .where('c.id', '=', conversationId)
        .executeTakeFirst();
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
