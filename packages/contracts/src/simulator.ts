import { z } from 'zod';
import { idSchema, isoDateSchema } from './common.js';
import { LIMITS } from './constants.js';
import { emojiSchema, messageTypeSchema } from './conversations.js';
import { okEnvelope } from './envelope.js';
import { inboxIdSchema } from './inboxes.js';

/** A simulated customer writes: the same ingest path a real channel uses. */
/**
 * Whether base64 starts like an Ogg/Opus file (an Ogg page whose first packet is OpusHead): what a
 * customer's voice note is, so junk never becomes a media download that can only fail.
 */
function startsAsOggOpus(base64: string): boolean {
  try {
    const head = atob(base64.slice(0, 48));
    return head.startsWith('OggS') && head.slice(28, 36) === 'OpusHead';
  } catch {
    return false;
  }
}

export const simulatorInboundRequestSchema = z.object({
  phone: z
    .string()
    .trim()
    .regex(/^\+?\d{8,15}$/, 'Telefone inválido'),
  name: z.string().trim().min(1).max(120).optional(),
  text: z.string().trim().min(1, 'Texto obrigatório').max(LIMITS.inboundTextMaxChars),
  type: messageTypeSchema.default('text'),
  /**
   * A voice note the customer recorded (base64 of the audio file, e.g. Ogg/Opus, up to 1 MB): stored
   * like a real channel's media (downloaded by a job after the message) and transcribed when on.
   */
  audio: z
    .base64('Áudio inválido: envie o arquivo em base64')
    .max(1_400_000, 'Áudio muito grande para o simulador (máximo de 1 MB)')
    .refine(startsAsOggOpus, 'Áudio inválido: envie uma nota de voz Ogg/Opus')
    .optional(),
  replyToId: idSchema.optional(),
  /** The choice the customer tapped on buttons or a list we sent (a rating's `csat:4`). */
  interactiveReplyId: z.string().trim().min(1).max(200).optional(),
  /** Provider message id; generated when absent. Replays with the same id are ignored. */
  providerMessageId: z.string().trim().min(1).max(128).optional(),
  /** Which simulator inbox the customer writes to; the first one when absent. */
  inboxId: inboxIdSchema.optional(),
});
export type SimulatorInboundRequest = z.input<typeof simulatorInboundRequestSchema>;

export const simulatorInboundResponseSchema = okEnvelope(
  z.object({ messageId: idSchema, conversationId: idSchema, clientId: idSchema, duplicate: z.boolean() }),
);

/** The code names its inbox (each simulator inbox shows its own). */
export const simulatorPairRequestSchema = z.object({ code: z.string().trim().min(4).max(128) });
export const simulatorInboxQuerySchema = z.object({ inboxId: inboxIdSchema.optional() });

/** What the simulated customers received from us. */
export const simulatorOutboxItemSchema = z.object({
  providerMessageId: z.string(),
  phone: z.string(),
  text: z.string(),
  /** `rating`: a question with choices to tap (`choices`); `media`: a file (`media`). */
  kind: z.enum(['text', 'reaction', 'rating', 'media']),
  choices: z.array(z.object({ id: z.string(), title: z.string() })).optional(),
  /** The file the customer received: its type, size, and whether it plays as a voice note. */
  media: z.object({ mimeType: z.string(), size: z.number().int(), voice: z.boolean() }).optional(),
  quotedProviderMessageId: z.string().nullable(),
  emoji: z.string().nullable(),
  deliveredAt: isoDateSchema,
});
export type SimulatorOutboxItem = z.infer<typeof simulatorOutboxItemSchema>;
export const simulatorOutboxQuerySchema = z.object({
  phone: z.string().trim().max(20).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  inboxId: inboxIdSchema.optional(),
});
export const simulatorOutboxResponseSchema = okEnvelope(z.array(simulatorOutboxItemSchema));

/** A simulated customer reacts to a message (our id or its provider id); null removes the reaction. */
export const simulatorReactionRequestSchema = z.object({
  phone: simulatorInboundRequestSchema.shape.phone,
  messageId: z.string().trim().min(1).max(128),
  emoji: emojiSchema.nullable(),
  inboxId: inboxIdSchema.optional(),
});
export type SimulatorReactionRequest = z.infer<typeof simulatorReactionRequestSchema>;
