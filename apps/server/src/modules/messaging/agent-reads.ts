import type { HandlerMode, Sender } from '@atende/contracts';
import type { Kysely, Transaction } from 'kysely';
import { preparedQuery } from '../../db/prepared-query.js';
import type { Database } from '../../db/schema.js';

const historyQuery = preparedQuery((db, conversationId: string, before: number, limit: number) =>
  db
    .selectFrom('messages')
    .select(['sender', 'content'])
    .where('conversation_id', '=', conversationId)
    .where('timestamp', '<', before)
    .where('type', '=', 'text')
    .orderBy('timestamp', 'desc')
    .limit(limit),
);

const messageQuery = preparedQuery((db, id: string) =>
  db
    .selectFrom('messages')
    .select(['id', 'conversation_id', 'sender', 'content', 'timestamp'])
    .where('id', '=', id),
);

const handlerModeQuery = preparedQuery((db, id: string) =>
  db.selectFrom('conversations').select('handler_mode').where('id', '=', id),
);

const storedProviderIdsQuery = preparedQuery((db, first: string, second: string) =>
  db.selectFrom('messages').select('id').where('provider_message_id', 'in', [first, second]),
);

/** Whether a message with either provider id is stored (an answer of the agent's already exists). */
export async function anyStored(
  db: Kysely<Database> | Transaction<Database>,
  providerIds: readonly [string, string],
): Promise<boolean> {
  return (await storedProviderIdsQuery(db, ...providerIds)).rows.length > 0;
}

/** What the agent reads before it decides (its writes go through `appendAgentReply`). */
export function agentReads(db: Kysely<Database>) {
  return {
    /** A message with what the agent needs of it, or undefined. */
    async message(id: string) {
      return (await messageQuery(db, id)).rows[0];
    },

    /** Who answers the conversation now (undefined when it does not exist). */
    async handlerMode(conversationId: string): Promise<HandlerMode | undefined> {
      return (await handlerModeQuery(db, conversationId)).rows[0]?.handler_mode as HandlerMode | undefined;
    },

    anyStored: (providerIds: readonly [string, string]) => anyStored(db, providerIds),

    /** The last `limit` text messages before `before`, oldest first. */
    async history(
      conversationId: string,
      before: number,
      limit: number,
    ): Promise<{ sender: Sender; content: string }[]> {
      if (limit <= 0) return [];
      const { rows } = await historyQuery(db, conversationId, before, limit);
      return rows.reverse();
    },
  };
}
