import type { HandlerMode, Sender } from '@atende/contracts';
import type { Kysely } from 'kysely';
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

/** The message, who holds its conversation, and whether it was answered: one round trip per reply. */
const replyContextQuery = preparedQuery((db, id: string, first: string, second: string) =>
  db
    .selectFrom('messages as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .select(['m.id', 'm.conversation_id', 'm.sender', 'm.content', 'm.timestamp', 'c.handler_mode'])
    .select((eb) =>
      eb
        .exists(
          eb.selectFrom('messages as a').select('a.id').where('a.provider_message_id', 'in', [first, second]),
        )
        .as('answered'),
    )
    .where('m.id', '=', id),
);

/** What the agent reads before it decides (its writes go through `appendAgentReply`). */
export function agentReads(db: Kysely<Database>) {
  return {
    /**
     * A customer message with what the agent needs of it — who holds its conversation now, and whether
     * an answer with one of `answeredBy`'s provider ids is stored already — or undefined.
     */
    async replyContext(id: string, answeredBy: readonly [string, string]) {
      const row = (await replyContextQuery(db, id, ...answeredBy)).rows[0];
      if (!row) return undefined;
      const { handler_mode, answered, ...message } = row;
      return { ...message, handlerMode: handler_mode as HandlerMode, answered: Boolean(answered) };
    },

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
