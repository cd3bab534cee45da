import { z } from 'zod';

/**
 * Every durable job kind, with the payload it carries as a zod schema: the one place a kind is
 * declared. Code that records a job and the handler that runs it take the kind from here, typed by
 * its schema, and the runner checks each payload against it before the handler sees it (a row
 * written by an older version, or by hand, fails as a permanent error instead of reaching a handler
 * as something else). `job-kinds.test.ts` checks that a built app runs every kind listed here.
 */

/** A queue of jobs: the `jobs.kind` value and the payload its jobs carry. */
export interface JobQueue<P> {
  readonly name: string;
  readonly payload: z.ZodType<P>;
  /** A job of this queue for `JobRunner.enqueueMany`, its payload checked by the compiler. */
  job(payload: P, dedupeKey: string): QueuedJob;
}

/** A job ready to record (see `JobQueue.job`). */
export interface QueuedJob {
  readonly kind: string;
  readonly payload: unknown;
  readonly dedupeKey: string;
}

/** A kind with one queue per inbox (`<name>@<inboxId>`), run where that inbox's channel can act. */
export interface InboxJobKind<P> {
  readonly name: string;
  readonly payload: z.ZodType<P>;
  of(inboxId: string): JobQueue<P>;
}

export function jobQueue<P>(name: string, payload: z.ZodType<P>): JobQueue<P> {
  return { name, payload, job: (value, dedupeKey) => ({ kind: name, payload: value, dedupeKey }) };
}

function inboxJobKind<P>(name: string, payload: z.ZodType<P>): InboxJobKind<P> {
  return { name, payload, of: (inboxId) => jobQueue(`${name}@${inboxId}`, payload) };
}

const id = z.string().min(1);

/** The agent answers an inbound customer message (recorded by ingest on AI-handled conversations). */
export const agentReplyJob = jobQueue('agent_reply', z.object({ messageId: id, conversationId: id }));
export type AgentReplyPayload = z.infer<typeof agentReplyJob.payload>;

/**
 * Hands one of our stored messages to its inbox's channel. One queue per inbox: a number held by one
 * process (linked device) is sent from by that process only.
 */
export const channelSendJob = inboxJobKind(
  'channel_send',
  // The conversation puts its sends in order (absent from jobs recorded before it was added).
  z.object({
    messageId: id,
    conversationId: id.optional(),
    /** `rating`: a satisfaction question, sent with the provider's own choices where it has them. */
    sendAs: z.enum(['rating']).optional(),
  }),
);

/** Sends our side's current reaction on a message to its inbox's channel. */
export const channelReactJob = inboxJobKind(
  'channel_react',
  z.object({ messageId: id, emoji: z.string().nullable() }),
);

/**
 * Downloads the media an inbound message announced, through its inbox's channel, after the message
 * itself was stored: a download never delays or loses the message.
 */
export const channelMediaJob = inboxJobKind('channel_media', z.object({ messageId: id }));

/**
 * Marks a conversation's unanswered customer messages read (blue ticks) through its inbox's channel:
 * recorded when an operator opens the conversation.
 */
export const channelReadJob = inboxJobKind('channel_read', z.object({ conversationId: id }));

/** One attempt of one outbound webhook delivery; retries are new jobs at their time. */
export const webhookDeliverJob = jobQueue(
  'webhook_deliver',
  z.object({
    deliveryId: id,
    /** Which attempt this job is (1-based): a job for an attempt already recorded does nothing. */
    attempt: z.number().int().positive(),
    /** "Reenviar": one attempt, no retries after it. */
    manual: z.boolean().optional(),
  }),
);
export type WebhookDeliverPayload = z.infer<typeof webhookDeliverJob.payload>;

/** Deletes messages older than the retention period (admin-config `dataRetentionDays`), once a day. */
export const retentionPurgeJob = jobQueue('retention_purge', z.object({}));

/** A snoozed conversation's time came: active again (unless woken or snoozed anew meanwhile). */
export const conversationWakeJob = jobQueue(
  'conversation_wake',
  z.object({ conversationId: id, until: z.number().int() }),
);

/**
 * The team's clock, every few minutes (one run per slot across the cluster): conversations whose
 * customer went quiet become abandoned, and waiting ones are offered to whoever became available.
 */
export const conversationSweepJob = jobQueue('conversation_sweep', z.object({}));

/** One automation rule's actions for one event on one conversation (at most once per event id). */
export const automationRunJob = jobQueue(
  'automation_run',
  z.object({
    ruleId: id,
    conversationId: id,
    event: z.string().min(1),
    eventId: id,
    /** The rules whose actions led here, oldest first: a rule never triggers itself, chains stop. */
    chain: z.array(id).max(10),
  }),
);

/** The rules' clock, every minute: conversations waiting on us or on the customer for too long. */
export const automationSweepJob = jobQueue('automation_sweep', z.object({}));

/**
 * A conversation was resolved: the resolution is recorded (who, how long, whether a person took part)
 * and the customer gets the satisfaction survey when its inbox asks for one.
 */
export const satisfactionSurveyJob = jobQueue(
  'satisfaction_survey',
  z.object({ conversationId: id, resolvedAt: z.number().int() }),
);

/** Thanks the customer for a rating (and asks for a comment) or for the comment. */
export const satisfactionReplyJob = jobQueue(
  'satisfaction_reply',
  z.object({ resolutionId: id, reply: z.enum(['rated', 'commented']) }),
);

/**
 * A customer's voice note is sent to the speech-to-text provider (admin settings): at most once per
 * message, retried with backoff while the provider is down; the agent answers once it is done.
 */
export const voiceTranscribeJob = jobQueue('voice_transcribe', z.object({ messageId: id }));

/** Every kind, for the check that a built app registers a handler for each. */
export const JOB_KINDS: ReadonlyArray<{ readonly name: string; readonly perInbox: boolean }> = [
  { name: agentReplyJob.name, perInbox: false },
  { name: webhookDeliverJob.name, perInbox: false },
  { name: retentionPurgeJob.name, perInbox: false },
  { name: conversationWakeJob.name, perInbox: false },
  { name: conversationSweepJob.name, perInbox: false },
  { name: satisfactionSurveyJob.name, perInbox: false },
  { name: satisfactionReplyJob.name, perInbox: false },
  { name: automationRunJob.name, perInbox: false },
  { name: automationSweepJob.name, perInbox: false },
  { name: voiceTranscribeJob.name, perInbox: false },
  ...[channelSendJob, channelReactJob, channelMediaJob, channelReadJob].map(({ name }) => ({
    name,
    perInbox: true,
  })),
];
