import { z } from 'zod';
import { idSchema } from './common.js';
import { okEnvelope } from './envelope.js';
import { maskedSecretSchema } from './settings.js';

/** OpenAI's hosted limit for one file; a self-hosted Whisper may take more, but voice notes are small. */
export const SPEECH_TO_TEXT_MAX_MB = 25;

/**
 * /speech-to-text — transcription of customers' voice notes by an OpenAI-compatible
 * `POST {baseUrl}/audio/transcriptions` (a hosted service or a self-hosted Whisper server). Off by
 * default; when on, each voice note is transcribed by a durable job and the agent answers the text.
 */
export const speechToTextSchema = z.object({
  enabled: z.boolean({ error: 'Informe se a transcrição está ligada' }).default(false),
  baseUrl: z
    .url({ protocol: /^https?$/, error: 'URL do serviço de transcrição inválida (use http:// ou https://)' })
    .max(500, 'URL do serviço de transcrição muito longa')
    .or(z.literal(''))
    .default(''),
  model: z
    .string({ error: 'Modelo de transcrição inválido' })
    .trim()
    .min(1, 'Informe o modelo de transcrição (por exemplo, whisper-1)')
    .max(120, 'Nome do modelo muito longo (máximo de 120 caracteres)')
    .default('whisper-1'),
  apiKey: z.string().nullable().default(null),
  /** Voice notes larger than this are kept as audio, never sent for transcription. */
  maxMb: z
    .number({ error: 'Tamanho máximo inválido' })
    .int('O tamanho máximo deve ser um número inteiro de MB')
    .min(1, 'O tamanho máximo deve ser de pelo menos 1 MB')
    .max(SPEECH_TO_TEXT_MAX_MB, `O tamanho máximo é de até ${SPEECH_TO_TEXT_MAX_MB} MB`)
    .default(16),
});
export type SpeechToText = z.infer<typeof speechToTextSchema>;

export const speechToTextViewSchema = speechToTextSchema.extend({ apiKey: maskedSecretSchema });
export type SpeechToTextView = z.infer<typeof speechToTextViewSchema>;

/** A string sets the key, null clears it, absent (or the masked view posted back) keeps it. */
export const speechToTextInputSchema = speechToTextSchema
  .omit({ apiKey: true })
  .partial()
  .extend({
    apiKey: z
      .union([
        z.string().trim().min(1, 'Chave de API vazia').max(500, 'Chave de API muito longa'),
        z.null(),
        maskedSecretSchema,
      ])
      .optional(),
  })
  .strict();
export type SpeechToTextInput = z.input<typeof speechToTextInputSchema>;
export const speechToTextResponseSchema = okEnvelope(speechToTextViewSchema);

/** The secrets of the section: never shown back, never written to the audit. */
export const SPEECH_TO_TEXT_SECRETS = ['apiKey'] as const;

/** Where a voice note's transcription stands (null: not a voice note, or transcription was off). */
export const transcriptStatusSchema = z.enum(['pending', 'done', 'failed']);
export type TranscriptStatus = z.infer<typeof transcriptStatusSchema>;

/**
 * `POST /api/conversations/:id/voice-note`: an operator's recording (the body: Opus audio, in WebM
 * as browsers record it or already in Ogg), sent to the customer as a WhatsApp voice note.
 */
export const sendVoiceNoteQuerySchema = z.object({ replyTo: idSchema.optional() });
export type SendVoiceNoteQuery = z.infer<typeof sendVoiceNoteQuerySchema>;

/** Longest recording the composer makes (WhatsApp's own recorder has no hard cap; 5 minutes is plenty). */
export const VOICE_NOTE_MAX_SECONDS = 300;
