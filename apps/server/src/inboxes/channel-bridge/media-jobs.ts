import {
  type InboundMedia,
  MEDIA_MAX_BYTES,
  type MediaDownloadLimits,
  type MediaSaver,
  mediaKindOf,
} from '@atende/contracts';
import type { Channel } from '../../channels/channel.js';
import type { Messaging } from '../../conversations/messaging/messaging.js';
import { channelMediaJob } from '../../jobs/job-kinds.js';
import { type JobRunner, PermanentJobError } from '../../jobs/job-runner.js';
import { AppError } from '../../lib/app-error.js';
import { BlockedDestinationError } from '../../lib/safe-fetch.js';

/** The whole download of one file, connection to last byte (WhatsApp serves 16 MB in seconds). */
export const MEDIA_DOWNLOAD_TIMEOUT_MS = 60_000;
/** Tries before the message shows "mídia indisponível" (1 s, 2 s, 4 s, 8 s apart). */
export const MEDIA_DOWNLOAD_ATTEMPTS = 5;

/** Refused for good: too large, nothing to download, or an address that is not WhatsApp's. */
const isRefused = (error: unknown) =>
  (error as { code?: unknown } | null)?.code === 'MEDIA_REFUSED' ||
  error instanceof BlockedDestinationError ||
  (error instanceof Error && error.cause instanceof BlockedDestinationError);

/**
 * The most kept of a customer's file: WhatsApp's own limit for its kind (a 100 MB document, a 5 MB
 * image), within the server's cap (MEDIA_MAX_BYTES).
 */
export function inboundLimit(mimeType: string | undefined, cap: number): number {
  return Math.min(cap, MEDIA_MAX_BYTES[mediaKindOf(mimeType ?? '')]);
}

/**
 * Downloads the media inbound messages announced, after the messages themselves were stored: through
 * the inbox's channel (which holds the keys and, for a linked device, the socket to ask WhatsApp for a
 * fresh URL), refused before any byte when the announced size is over the limit, retried on failure,
 * and shown as unavailable when it finally fails. Answers a function that stops running them here.
 */
export function registerMediaJobs(deps: {
  jobs: JobRunner;
  inboxId: string;
  channel: Channel;
  messaging: Messaging;
  media: MediaSaver;
  maxBytes: number;
  timeoutMs?: number;
}): () => void {
  const { jobs, channel, messaging } = deps;
  const queue = channelMediaJob.of(deps.inboxId);
  const kind = queue.name;
  const limits: MediaDownloadLimits = {
    maxBytes: deps.maxBytes,
    timeoutMs: deps.timeoutMs ?? MEDIA_DOWNLOAD_TIMEOUT_MS,
  };

  jobs.register(
    queue,
    async ({ messageId }) => {
      const media = (await messaging.pendingMedia(messageId)) as InboundMedia | undefined;
      if (!media) return;
      if (!channel.downloadMedia) throw new PermanentJobError('canal sem download de mídia');
      const maxBytes = inboundLimit(media.mimeType, limits.maxBytes);
      if (media.fileLength !== undefined && media.fileLength > maxBytes) {
        throw new PermanentJobError(`mídia de ${media.fileLength} bytes, acima do limite`);
      }
      let bytes: Uint8Array;
      try {
        bytes = await channel.downloadMedia(media, { ...limits, maxBytes });
      } catch (error) {
        if (isRefused(error)) throw new PermanentJobError((error as Error).message);
        throw error;
      }
      let saved: Awaited<ReturnType<MediaSaver['save']>>;
      try {
        saved = await deps.media.save({
          bytes,
          ...(media.mimeType ? { declaredMimeType: media.mimeType } : {}),
          ...(media.fileName ? { fileName: media.fileName } : {}),
        });
      } catch (error) {
        // A kind of file we do not keep, or too large once decrypted: retrying cannot change it.
        if (error instanceof AppError) throw new PermanentJobError(error.message);
        throw error;
      }
      await messaging.attachMedia(messageId, {
        url: saved.url,
        mimeType: saved.mimeType,
        fileName: saved.fileName,
        size: saved.size,
      });
    },
    {
      maxAttempts: MEDIA_DOWNLOAD_ATTEMPTS,
      // A linked device downloads where its socket is (a fresh URL is asked of WhatsApp through it).
      paused: Boolean(channel.watchSendable),
      onFailed: async ({ messageId }) => {
        await messaging.markMediaUnavailable(messageId);
      },
    },
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
