import type { HandlerMode, Sender } from '@atende/contracts';
import type { Kysely } from 'kysely';
import { preparedQueryWithLimit } from '../../db/prepared-query.js';
import type { Database } from '../../db/schema.js';

/** An answer stored under either of the two provider ids (for `exists`: was this message answered?). */
export function answerUnder(db: Kysely<Database>, first: string, second: string) {
  return db.selectFrom('messages as a').select('a.id').where('a.provider_message_id', 'in', [first, second]);
}

/**
 * The message, who holds its conversation, whether it was answered, and the last `historyLimit` text
 * messages before it (one row each; one row with no history columns when there are none): one round
 * trip per reply. The history is a derived table, so its LIMIT holds whatever the join does.
 */
const replyContextQuery = preparedQueryWithLimit(
  (db, historyLimit, id: string, first: string, second: string) =>
    db
      .selectFrom('messages as m')
      .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
      .leftJoin(
        (eb) =>
          eb
            .selectFrom('messages as h')
            .select(['h.id', 'h.sender', 'h.content', 'h.timestamp', 'h.clarification'])
            .where(
              'h.conversation_id',
              '=',
              eb.selectFrom('messages as o').select('o.conversation_id').where('o.id', '=', id),
            )
            .where(
              'h.timestamp',
              '<',
              eb.selectFrom('messages as t').select('t.timestamp').where('t.id', '=', id),
            )
            .where('h.type', '=', 'text')
            .orderBy('h.timestamp', 'desc')
            .limit(historyLimit)
            .as('h'),
        (join) => join.onTrue(),
      )
      .select([
        'm.id',
        'm.conversation_id',
        'm.sender',
        'm.content',
        'm.timestamp',
        'm.interactive_reply_id',
        'm.type',
        'm.media_status',
        'm.transcript',
        'm.transcript_status',
        'c.handler_mode',
        'c.handler_since',
      ])
      .select((eb) => eb.exists(answerUnder(db, first, second)).as('answered'))
      .select([
        'h.id as history_id',
        'h.sender as history_sender',
        'h.content as history_content',
        'h.timestamp as history_timestamp',
        'h.clarification as history_clarification',
      ])
      .where('m.id', '=', id),
);

/** What the agent reads before it decides (its writes go through `appendAgentReply`). */
export function agentReads(db: Kysely<Database>) {
  return {
    /**
     * A customer message with what the agent needs of it — who holds its conversation now, whether an
     * answer with one of `answeredBy`'s provider ids is stored already, and the last `historyLimit`
     * text messages before it, oldest first — or undefined.
     */
    async replyContext(id: string, answeredBy: readonly [string, string], historyLimit: number) {
      const { rows } = await replyContextQuery(db, historyLimit, id, ...answeredBy);
      const first = rows[0];
      if (!first) return undefined;
      const history: {
        id: string;
        sender: Sender;
        content: string;
        timestamp: number;
        clarification: string | null;
      }[] = [];
      for (const row of rows) {
        if (
          row.history_id !== null &&
          row.history_sender !== null &&
          row.history_content !== null &&
          row.history_timestamp !== null
        )
          history.push({
            id: row.history_id,
            sender: row.history_sender as Sender,
            content: row.history_content,
            timestamp: Number(row.history_timestamp),
            clarification: row.history_clarification,
          });
      }
      history.sort((a, b) => a.timestamp - b.timestamp);
      return {
        id: first.id,
        conversation_id: first.conversation_id,
        sender: first.sender,
        content: first.content,
        timestamp: first.timestamp,
        handlerMode: first.handler_mode as HandlerMode,
        /** Since when the conversation's handler is who it is (a takeover voids an open clarification). */
        handlerSince: Number(first.handler_since),
        /** The option the customer tapped, when the message is a tap on our interactive list or buttons. */
        interactiveReplyId: first.interactive_reply_id,
        answered: Boolean(first.answered),
        /** A voice note: its file's state and, once heard, its words (`transcriptStatus` 'done'). */
        type: first.type,
        mediaStatus: first.media_status,
        transcript: first.transcript,
        transcriptStatus: first.transcript_status,
        /** Oldest first; `clarification` is the stored JSON of an agent's clarifying message. */
        history,
      };
    },
  };
}
