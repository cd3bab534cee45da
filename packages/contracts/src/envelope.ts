import { z } from 'zod';
import { errorCodeSchema } from './errors.js';

/** `{ success: true, data, message? }` — every successful call. */
export const okEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), data, message: z.string().optional() });

/** `{ success: false, message, code }` — every failed call. */
export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: errorCodeSchema.optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** Calls whose answer carries only success and a message (logout, react). */
export const ackEnvelopeSchema = z.object({ success: z.literal(true), message: z.string().optional() });

export type OkEnvelope<T> = { success: true; data: T; message?: string | undefined };
