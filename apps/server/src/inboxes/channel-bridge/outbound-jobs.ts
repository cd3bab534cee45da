import { CSAT_SCALE, messageClarificationSchema, type SendMediaInput } from '@atende/contracts';
import type { Kysely } from 'kysely';
import { type Channel, SendRejectedError } from '../../channels/channel.js';
import { mediaIdFromUrl } from '../../conversations/media/media-store.js';
import type { Messaging } from '../../conversations/messaging/messaging.js';
import type { Database } from '../../db/schema.js';
import { channelReactJob, channelSendJob } from '../../jobs/job-kinds.js';
import { type JobRunner, PermanentJobError } from '../../jobs/job-runner.js';
import { keyedSequence } from '../../lib/keyed-sequence.js';
import { markUnansweredRead } from './read-receipts.js';

/** A clarifying question's choices, which a channel that can shows as an interactive list. */
function offeredOptions(json: string | null): Array<{ id: string; title: string }> | undefined {
  if (!json) return undefined;
  const parsed = messageClarificationSchema.safeParse(JSON.parse(json));
  if (!parsed.success || parsed.data.kind !== 'question') return undefined;
  return parsed.data.options.map(({ id, title }) => ({ id, title }));
}

/** The satisfaction survey's choices, best first, as a channel with its own controls shows them. */
const RATING_CHOICES = CSAT_SCALE.map(({ id, title }) => ({ id, title }));

/**
 * The jobs that hand one inbox's messages and reactions to its channel. Idempotent: a message already
 * past 'pending' is not sent again, and the provider id was fixed when the message was stored.
 * Answers a function that stops running them here (the inbox was removed or restarted).
 */
/** Reads our stored files for their sends (the media store). */
export interface MediaReader {
  open(
    id: string,
  ): Promise<{ stream(): AsyncIterable<Buffer>; mimeType: string; fileName: string | null } | null>;
}

/** The file a message of ours carries, read for its send; null for a text message. */
async function attachment(
  media: MediaReader | undefined,
  message: { type: string; content: string; media_url: string | null; media_mime_type: string | null },
): Promise<Omit<SendMediaInput, 'to' | 'lid' | 'providerMessageId'> | null> {
  const id = mediaIdFromUrl(message.media_url);
  if (!id || !media) return null;
  const file = await media.open(id);
  // Erased since (LGPD): nothing to send, and nothing a retry can change.
  if (!file) throw new PermanentJobError('arquivo não encontrado');
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream()) chunks.push(chunk);
  const kind = (['image', 'video', 'audio'] as const).find((k) => k === message.type) ?? 'document';
  const label = /^\[(Imagem|Vídeo|Áudio|Documento): .*\]$/.test(message.content);
  return {
    kind,
    // An Ogg/Opus audio of ours is a voice note (what the composer's recorder sends).
    voice: kind === 'audio' && /^audio\/(ogg; ?codecs="?opus"?|opus)$/i.test(file.mimeType),
    bytes: new Uint8Array(Buffer.concat(chunks)),
    mimeType: file.mimeType,
    fileName: file.fileName,
    // The "[Imagem: nome]" line stands in for a missing caption; it is not sent as one.
    caption: label ? null : message.content,
  };
}

export function registerOutboundJobs(deps: {
  db: Kysely<Database>;
  media?: MediaReader;
  jobs: JobRunner;
  inboxId: string;
  channel: Channel;
  messaging: Messaging;
  log?: { warn(obj: object, msg: string): void };
}): () => void {
  const { jobs, channel, messaging, inboxId } = deps;
  const send = channelSendJob.of(inboxId);
  const react = channelReactJob.of(inboxId);

  // One conversation's messages reach the phone in the order they were written: a file still
  // uploading holds the text typed after it. Jobs start in the order they were recorded.
  const inConversationOrder = keyedSequence();
  jobs.register(
    send,
    ({ messageId, conversationId, sendAs }) =>
      conversationId
        ? inConversationOrder(conversationId, () => sendOne(messageId, sendAs))
        : sendOne(messageId, sendAs),
    {
      paused: Boolean(channel.watchSendable),
      onFailed: async ({ messageId }) => {
        await messaging.advanceStatus({ id: messageId }, 'failed');
      },
    },
  );

  async function sendOne(messageId: string, sendAs?: 'rating'): Promise<void> {
    const message = await messaging.channel.outbound(messageId);
    if (message?.status !== 'pending' || !message.provider_message_id) return;
    if (!message.phone) throw new PermanentJobError('cliente sem telefone');
    // Our reply answers the customer's messages before it: they show as read (blue ticks).
    await markUnansweredRead(deps, message.conversation_id, messageId);
    let sent: Awaited<ReturnType<Channel['sendText']>>;
    const quoted = {
      quotedProviderMessageId: message.quoted_provider_message_id ?? null,
      quotedText: message.quoted_content ?? null,
    };
    const file = await attachment(deps.media, message);
    try {
      sent =
        file && channel.sendMedia
          ? await channel.sendMedia({
              to: message.phone,
              lid: message.lid,
              providerMessageId: message.provider_message_id,
              ...file,
              ...quoted,
            })
          : sendAs === 'rating' && channel.sendRating
            ? await channel.sendRating({
                to: message.phone,
                lid: message.lid,
                text: message.content,
                providerMessageId: message.provider_message_id,
                choices: RATING_CHOICES,
              })
            : // A channel that cannot send files gets the file's caption or name as text.
              await channel.sendText({
                to: message.phone,
                lid: message.lid,
                text: message.content,
                providerMessageId: message.provider_message_id,
                ...quoted,
                options: offeredOptions(message.clarification),
              });
    } catch (error) {
      // Refused for good (e.g. the 24-hour window closed): failed now, with why, on the bubble.
      if (!(error instanceof SendRejectedError)) throw error;
      await messaging.failWithReason({ id: messageId }, error.failure);
      return;
    }
    // The provider may name the message itself (Cloud API wamid): receipts come under that id.
    if (sent?.providerMessageId) await messaging.assignProviderId(messageId, sent.providerMessageId);
    await messaging.advanceStatus({ id: messageId }, 'sent');
  }

  // Sends our side's reaction as it is NOW, not as it was when the job was recorded: jobs for the same
  // message may run in any order or twice, and the customer still ends up seeing the current one.
  jobs.register(
    react,
    async ({ messageId }) => {
      const current = await messaging.channel.ourReaction(messageId);
      // Messages that never went through the channel (imported history) have no provider id to react to.
      if (!current?.provider_message_id) return;
      if (!current.phone) throw new PermanentJobError('cliente sem telefone');
      await channel.sendReaction({
        to: current.phone,
        lid: current.lid,
        targetProviderMessageId: current.provider_message_id,
        emoji: current.emoji ?? null,
      });
    },
    { paused: Boolean(channel.watchSendable) },
  );

  // A number held by one process (linked device): its sends wait for the holder, connected, to take them.
  let active = true;
  channel.watchSendable?.((sendable) => {
    if (!active) return;
    for (const { name: kind } of [send, react]) {
      if (sendable) jobs.resume(kind);
      else jobs.pause(kind);
    }
  });
  return () => {
    active = false;
    jobs.unregister(send.name);
    jobs.unregister(react.name);
  };
}
