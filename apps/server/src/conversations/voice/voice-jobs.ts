import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { voiceTranscribeJob } from '../../jobs/job-kinds.js';
import { type JobRunner, PermanentJobError } from '../../jobs/job-runner.js';
import { getSettings } from '../../kernel/settings/settings.service.js';
import { now } from '../../lib/clock.js';
import type { SafeFetch } from '../../lib/safe-fetch.js';
import { type MediaStore, mediaIdFromUrl } from '../media/media-store.js';
import type { Messaging } from '../messaging/messaging.js';
import { TranscriptionRefusedError, transcribe } from './transcription-client.js';

/** One request to the provider: a minute of speech takes a hosted Whisper a few seconds. */
export const TRANSCRIPTION_TIMEOUT_MS = 60_000;
/** Tries before the voice note stays an audio for good (1 s, 2 s, 4 s … apart: about 8 minutes). */
export const TRANSCRIPTION_ATTEMPTS = 10;
/** After this long the customer is better answered as today (a person) than by a late reply. */
export const TRANSCRIPTION_DEADLINE_MS = 15 * 60_000;

/**
 * Transcribes customers' voice notes (`voice_transcribe`, one job per message): the file is read from
 * the media store and sent to the speech-to-text provider of the admin settings. A provider that is
 * down is retried with backoff (the message keeps showing as an audio meanwhile); a refusal, a file
 * over the size limit or the deadline ends it at once. Whatever the end, the agent looks again: at
 * the words when there are some, at an audio it cannot hear otherwise.
 */
export function registerVoiceJobs(deps: {
  db: Kysely<Database>;
  jobs: JobRunner;
  messaging: Messaging;
  media: Pick<MediaStore, 'open'>;
  fetch: SafeFetch;
  timeoutMs?: number;
}): void {
  const { messaging } = deps;
  deps.jobs.register(
    voiceTranscribeJob,
    async ({ messageId }) => {
      const note = await messaging.voice.note(messageId);
      if (!note || note.transcript_status === 'done') return;
      const settings = await getSettings(deps.db, 'speech-to-text');
      if (!settings.enabled || !settings.baseUrl) {
        await messaging.voice.unheard(messageId, null);
        return;
      }
      if (now() - Number(note.timestamp) > TRANSCRIPTION_DEADLINE_MS) {
        throw new PermanentJobError('prazo da transcrição esgotado');
      }
      const id = mediaIdFromUrl(note.media_url);
      const file = id ? await deps.media.open(id) : null;
      // Erased since (LGPD), or never stored: nothing to hear.
      if (!file) throw new PermanentJobError('áudio não encontrado');
      if (file.size > settings.maxMb * 1024 * 1024) {
        throw new PermanentJobError(`áudio de ${file.size} bytes, acima do limite de ${settings.maxMb} MB`);
      }
      const chunks: Buffer[] = [];
      for await (const chunk of file.stream()) chunks.push(chunk as Buffer);
      let text: string;
      try {
        text = await transcribe(deps.fetch, {
          baseUrl: settings.baseUrl,
          model: settings.model,
          apiKey: settings.apiKey,
          bytes: new Uint8Array(Buffer.concat(chunks)),
          mimeType: file.mimeType,
          timeoutMs: deps.timeoutMs ?? TRANSCRIPTION_TIMEOUT_MS,
        });
      } catch (error) {
        if (error instanceof TranscriptionRefusedError) throw new PermanentJobError(error.message);
        throw error;
      }
      // Silence heard as nothing: it stays an audio the agent cannot answer by its words.
      if (!text) await messaging.voice.unheard(messageId, 'failed');
      else await messaging.voice.heard(messageId, text);
    },
    {
      maxAttempts: TRANSCRIPTION_ATTEMPTS,
      onFailed: async ({ messageId }) => {
        await messaging.voice.unheard(messageId, 'failed');
      },
    },
  );
}
