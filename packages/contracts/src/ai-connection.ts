import { z } from 'zod';
import { okEnvelope } from './envelope.js';
import { maskedSecretSchema } from './settings.js';

/**
 * "Testar conexão": tries the AI provider with the form's values (not yet saved). A missing key, or
 * the masked view of the stored one, uses the stored key.
 */
export const testAiConnectionRequestSchema = z
  .object({
    aiBaseUrl: z.url().or(z.literal('')).optional(),
    aiModel: z.string().trim().max(120).optional(),
    aiApiKey: z.union([z.string().trim().min(1).max(500), z.null(), maskedSecretSchema]).optional(),
  })
  .strict();
export type TestAiConnectionRequest = z.infer<typeof testAiConnectionRequestSchema>;

export const aiConnectionResultSchema = z.object({
  ok: z.boolean(),
  provider: z.enum(['retrieval', 'openai-compatible']),
  latencyMs: z.number().nonnegative(),
  message: z.string(),
});
export type AiConnectionResult = z.infer<typeof aiConnectionResultSchema>;
export const aiConnectionResponseSchema = okEnvelope(aiConnectionResultSchema);
