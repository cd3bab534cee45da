import type { ReactionSender } from '@atende/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { JobRunner } from '../../jobs/job-runner.js';
import { AppError } from '../../lib/app-error.js';
import { now } from '../../lib/clock.js';
import type { Realtime } from '../../types.js';
import { loadReactions } from '../messages/message-row.js';
import { PendingEvents } from '../messages/pending-events.js';
import { CHANNEL_REACT_JOB, type ChannelReactPayload } from '../messages/store-outbound.js';
import { CONVERSATION_NOT_FOUND } from './handler.service.js';

export const MESSAGE_NOT_FOUND = 'Mensagem não encontrada';

/** Sets (or with null removes) one sender's reaction on a message; one reaction per sender. */
export async function setReaction(
  trx: Transaction<Database>,
  messageId: string,
  sender: ReactionSender,
  emoji: string | null,
): Promise<void> {
  if (emoji === null) {
    await trx
      .deleteFrom('reactions')
      .where('message_id', '=', messageId)
      .where('sender', '=', sender)
      .execute();
    return;
  }
  await trx
    .insertInto('reactions')
    .values({ message_id: messageId, sender, emoji, created_at: now() })
    .onConflict((oc) => oc.columns(['message_id', 'sender']).doUpdateSet({ emoji, created_at: now() }))
    .execute();
}

/** Reactions: ours from the dashboard (sender 'agent'), the customer's from the channel (sender 'client'). */
export function createReactService(deps: { db: Kysely<Database>; realtime: Realtime; jobs: JobRunner }) {
  return {
    /** Our side reacts: stored, sent to the customer through a `channel_react` job, emitted. */
    async react(conversationId: string, messageId: string, emoji: string | null): Promise<void> {
      const events = new PendingEvents();
      await deps.db.transaction().execute(async (trx) => {
        const conversation = await trx
          .selectFrom('conversations')
          .select('id')
          .where('id', '=', conversationId)
          .executeTakeFirst();
        if (!conversation) throw new AppError('NOT_FOUND', CONVERSATION_NOT_FOUND);
        const message = await trx
          .selectFrom('messages')
          .select('id')
          .where('id', '=', messageId)
          .where('conversation_id', '=', conversationId)
          .executeTakeFirst();
        if (!message) throw new AppError('NOT_FOUND', MESSAGE_NOT_FOUND);
        await setReaction(trx, messageId, 'agent', emoji);
        await deps.jobs.enqueue(trx, CHANNEL_REACT_JOB, { messageId, emoji } satisfies ChannelReactPayload);
        const reactions = (await loadReactions(trx, [messageId])).get(messageId) ?? {};
        events.both(conversationId, 'message:reaction', { conversationId, messageId, reactions });
      });
      deps.jobs.wake();
      events.flush(deps.realtime);
    },

    /**
     * The customer reacted on the channel to one of the conversation's messages (by provider id).
     * Ignored when the message is unknown or belongs to another customer.
     */
    async receiveClientReaction(input: {
      phone: string;
      targetProviderMessageId: string;
      emoji: string | null;
    }): Promise<boolean> {
      const events = new PendingEvents();
      const applied = await deps.db.transaction().execute(async (trx) => {
        const target = await trx
          .selectFrom('messages as m')
          .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
          .innerJoin('clients as cl', 'cl.id', 'c.client_id')
          .select(['m.id', 'm.conversation_id'])
          .where((eb) =>
            eb.or([
              eb('m.provider_message_id', '=', input.targetProviderMessageId),
              eb('m.id', '=', input.targetProviderMessageId),
            ]),
          )
          .where('cl.phone', '=', input.phone)
          .executeTakeFirst();
        if (!target) return false;
        await setReaction(trx, target.id, 'client', input.emoji);
        const reactions = (await loadReactions(trx, [target.id])).get(target.id) ?? {};
        events.both(target.conversation_id, 'message:reaction', {
          conversationId: target.conversation_id,
          messageId: target.id,
          reactions,
        });
        return true;
      });
      events.flush(deps.realtime);
      return applied;
    },
  };
}

export type ReactService = ReturnType<typeof createReactService>;
