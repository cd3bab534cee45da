import type { Kysely } from 'kysely';
import type { Channel } from '../../channels/channel.js';
import type { Messaging } from '../../conversations/messaging/messaging.js';
import type { Database } from '../../db/schema.js';
import { channelReadJob } from '../../jobs/job-kinds.js';
import type { JobRunner } from '../../jobs/job-runner.js';
import { getSettings } from '../../kernel/settings/settings.service.js';

/** Whether the customer's messages are marked read at all (`config.readReceipts`, on by default). */
const enabled = async (db: Kysely<Database>) => (await getSettings(db, 'config')).readReceipts;

/**
 * Marks the conversation's unanswered customer messages read on the channel (blue ticks), where the
 * channel has read receipts; `ours` is the reply going out, when one is. Never fails its caller: a
 * receipt that does not go out costs the customer two grey ticks, not a message.
 */
export async function markUnansweredRead(
  deps: {
    db: Kysely<Database>;
    channel: Channel;
    messaging: Messaging;
    log?: { warn(o: object, m: string): void };
  },
  conversationId: string,
  ours?: string,
): Promise<void> {
  const { channel, messaging } = deps;
  if (!channel.markRead || !(await enabled(deps.db))) return;
  const unanswered = await messaging.channel.unanswered(conversationId, ours);
  if (!unanswered?.phone) return;
  try {
    await channel.markRead({
      to: unanswered.phone,
      lid: unanswered.lid,
      providerMessageIds: unanswered.providerMessageIds,
    });
  } catch (error) {
    deps.log?.warn({ err: error, conversationId }, 'read receipt not sent');
  }
}

/**
 * An operator opened a conversation: its unanswered customer messages get a read receipt, sent by
 * whichever process holds the inbox's connection (a job). Once per newest customer message.
 */
export async function requestReadReceipt(
  deps: {
    db: Kysely<Database>;
    jobs: JobRunner;
    messaging: Messaging;
    /** Whether the inbox's channel has read receipts at all (no job for one that has none). */
    hasReadReceipts: (inboxId: string) => boolean;
  },
  conversationId: string,
): Promise<void> {
  if (!(await enabled(deps.db))) return;
  const unanswered = await deps.messaging.channel.unanswered(conversationId);
  if (!unanswered || !deps.hasReadReceipts(unanswered.inboxId)) return;
  const queue = channelReadJob.of(unanswered.inboxId);
  const recorded = await deps.jobs.enqueue(
    deps.db,
    queue,
    { conversationId },
    { dedupeKey: `${queue.name}:${unanswered.latestId}` },
  );
  if (recorded) deps.jobs.wake();
}

/** The job behind `requestReadReceipt`, run where the inbox's channel can send now. */
export function registerReadJobs(deps: {
  db: Kysely<Database>;
  jobs: JobRunner;
  inboxId: string;
  channel: Channel;
  messaging: Messaging;
}): () => void {
  const { jobs, channel } = deps;
  const queue = channelReadJob.of(deps.inboxId);
  const kind = queue.name;
  jobs.register(
    queue,
    async ({ conversationId }) => {
      if (!channel.markRead || !(await enabled(deps.db))) return;
      const unanswered = await deps.messaging.channel.unanswered(conversationId);
      if (!unanswered?.phone) return;
      await channel.markRead({
        to: unanswered.phone,
        lid: unanswered.lid,
        providerMessageIds: unanswered.providerMessageIds,
      });
    },
    { maxAttempts: 3, paused: Boolean(channel.watchSendable) },
  );
  let active = true;
  channel.watchSendable?.((sendable) => {
    if (!active) return;
    if (sendable) jobs.resume(kind);
    else jobs.pause(kind);
  });
  return () => {
    active = false;
    jobs.unregister(kind);
  };
}
