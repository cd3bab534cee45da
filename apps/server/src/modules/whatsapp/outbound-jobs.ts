import type { Kysely } from 'kysely';
import type { Channel } from '../../channels/channel.js';
import { preparedQuery } from '../../db/prepared-query.js';
import type { Database } from '../../db/schema.js';
import { type JobRunner, PermanentJobError } from '../../jobs/job-runner.js';
import type { Realtime } from '../../types.js';
import { advanceMessageStatus } from '../messages/delivery.service.js';
import type { StatusBatcher } from '../messages/status-batcher.js';
import {
  CHANNEL_REACT_JOB,
  CHANNEL_SEND_JOB,
  type ChannelReactPayload,
  type ChannelSendPayload,
} from '../messages/store-outbound.js';

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
      'q.provider_message_id as quoted_provider_message_id',
    ])
    .where('m.id', '=', messageId),
);

/**
 * The jobs that hand our messages and reactions to the channel. Idempotent: a message already past
 * 'pending' is not sent again, and the provider id was fixed when the message was stored.
 */
export function registerOutboundJobs(deps: {
  db: Kysely<Database>;
  realtime: Realtime;
  jobs: JobRunner;
  channel: Channel;
  statuses: StatusBatcher;
}): void {
  const { db, jobs, channel } = deps;

  async function recipient(conversationId: string): Promise<string> {
    const row = await db
      .selectFrom('conversations as c')
      .innerJoin('clients as cl', 'cl.id', 'c.client_id')
      .select('cl.phone')
      .where('c.id', '=', conversationId)
      .executeTakeFirst();
    if (!row?.phone) throw new PermanentJobError('cliente sem telefone');
    return row.phone;
  }

  jobs.register<ChannelSendPayload>(
    CHANNEL_SEND_JOB,
    async ({ messageId }) => {
      const message = (await outboundQuery(db, messageId)).rows[0];
      if (message?.status !== 'pending' || !message.provider_message_id) return;
      if (!message.phone) throw new PermanentJobError('cliente sem telefone');
      await channel.sendText({
        to: message.phone,
        text: message.content,
        providerMessageId: message.provider_message_id,
        quotedProviderMessageId: message.quoted_provider_message_id ?? null,
      });
      await deps.statuses.advance(message.provider_message_id, 'sent');
    },
    {
      onFailed: async ({ messageId }) => {
        await advanceMessageStatus(deps, { id: messageId }, 'failed');
      },
    },
  );

  // Sends our side's reaction as it is NOW, not as it was when the job was recorded: jobs for the same
  // message may run in any order or twice, and the customer still ends up seeing the current one.
  jobs.register<ChannelReactPayload>(CHANNEL_REACT_JOB, async ({ messageId }) => {
    const message = await db
      .selectFrom('messages')
      .select(['conversation_id', 'provider_message_id'])
      .where('id', '=', messageId)
      .executeTakeFirst();
    // Messages that never went through the channel (imported history) have no provider id to react to.
    if (!message?.provider_message_id) return;
    const current = await db
      .selectFrom('reactions')
      .select('emoji')
      .where('message_id', '=', messageId)
      .where('sender', '=', 'agent')
      .executeTakeFirst();
    await channel.sendReaction({
      to: await recipient(message.conversation_id),
      targetProviderMessageId: message.provider_message_id,
      emoji: current?.emoji ?? null,
    });
  });
}
