import { z } from 'zod';
import { okEnvelope } from './envelope.js';

/** A channel kind's name; the server's channel registry says which exist (a new kind is one entry). */
export const channelKindSchema = z.string().regex(/^[a-z][a-z0-9-]{1,31}$/, 'Tipo de canal inválido');
export type ChannelKind = z.infer<typeof channelKindSchema>;

export const connectionStateSchema = z.enum(['disconnected', 'connecting', 'qr', 'connected']);
export type ConnectionState = z.infer<typeof connectionStateSchema>;

/** Messaging-app status: `connected` and `qr`, plus what the card needs. */
export const whatsappStatusSchema = z.object({
  connected: z.boolean(),
  qr: z.string().nullable(),
  state: connectionStateSchema,
  channel: channelKindSchema,
  /** The linked phone number once connected. */
  phone: z.string().nullable(),
  /** Simulator: the pairing code that the QR encodes. Linked device: the code asked for, to type on the phone. */
  pairingCode: z.string().nullable(),
  /** Why the channel is disconnected, in pt-BR (e.g. an expired Cloud API token). */
  reason: z.string().nullable().optional(),
  /** Linked device: what stopped the connection, for the card's state. */
  problem: z
    .enum(['logged_out', 'banned', 'replaced', 'outdated', 'unreachable', 'held_elsewhere', 'qr_expired'])
    .nullable()
    .optional(),
  /** Linked device: when the next automatic reconnection is due (ISO-8601), while retrying. */
  nextAttemptAt: z.string().nullable().optional(),
});
export type WhatsappStatus = z.infer<typeof whatsappStatusSchema>;
export const whatsappStatusResponseSchema = okEnvelope(whatsappStatusSchema);
