import type { ReactionSender } from '@atende/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { channelReactJob } from '../../jobs/job-kinds.js';
import type { JobRunner } from '../../jobs/job-runner.js';
import { AppError } from '../../lib/app-error.js';
import { now } from '../../lib/clock.js';
import { normalizePhone } from '../../lib/phone.js';
import type { DomainEvents, Realtime } from '../../types.js';
import { CONVERSATION_NOT_FOUND } from './change-handler.js';
import { loadReactions } from './message-row.js';
import { PendingEvents } from './pending-events.js';

export const MESSAGE_NOT_FOUND = 'Mensagem não encontrada';

/** Sets (or with null removes) one sender's reaction on a message; one reaction per sender. */
async function setReaction(
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

/** Stores the reaction and gathers `message:reaction` with the message's reactions as they are now. */
async function storeReaction(
  trx: Transaction<Database>,
  target: { id: string; conversationId: string },
  sender: ReactionSender,
  emoji: string | null,
  events: PendingEvents,
): Promise<void> {
  await setReaction(trx, target.id, sender, emoji);
  const reactions = (await loadReactions(trx, [target.id])).get(target.id) ?? {};
  events.both(target.conversationId, 'message:reaction', {
    conversationId: target.conversationId,
    messageId: target.id,
    reactions,
  });
}

/** Reactions: ours from the dashboard (sender 'agent'), the customer's from the channel (sender 'client'). */
export function reactionWriter(deps: {
  db: Kysely<Database>;
  realtime: Realtime;
  domainEvents: DomainEvents;
  jobs: JobRunner;
}) {
  return {
    /** Our side reacts: stored, sent to the customer through a `channel_react` job, announced. */
    async react(conversationId: string, messageId: string, emoji: string | null): Promise<void> {
      const events = new PendingEvents();
      await deps.db.transaction().execute(async (trx) => {
        const conversation = await trx
          .selectFrom('conversations')
          .select(['id', 'inbox_id'])
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
        await storeReaction(trx, { id: messageId, conversationId }, 'agent', emoji, events);
        await deps.jobs.enqueue(trx, channelReactJob.of(conversation.inbox_id), { messageId, emoji });
      });
      deps.jobs.wake();
      events.flush(deps);
    },

    /**
     * The customer reacted on the channel to a message (by provider id, or ours) of their own
     * conversations. Ignored (false) when the message is unknown or belongs to another customer.
     */
    async receiveReaction(input: {
      phone: string;
      lid?: string | undefined;
      targetProviderMessageId: string;
      emoji: string | null;
    }) {
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
          .where((eb) =>
            input.lid
              ? eb.or([
                  eb('cl.phone', '=', normalizePhone(input.phone)),
                  eb('cl.lid', '=', normalizePhone(input.lid)),
                ])
              : eb('cl.phone', '=', normalizePhone(input.phone)),
          )
          .executeTakeFirst();
        if (!target) return false;
        await storeReaction(
          trx,
          { id: target.id, conversationId: target.conversation_id },
          'client',
          input.emoji,
          events,
        );
        return true;
      });
      events.flush(deps);
      return applied;
    },
  };
}
