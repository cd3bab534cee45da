import { z } from 'zod';
import { idSchema, isoDateSchema } from './common.js';
import { LIMITS } from './constants.js';
import { okEnvelope } from './envelope.js';

export const knowledgeBaseSchema = z.object({ content: z.string(), updatedAt: isoDateSchema.nullable() });
export type KnowledgeBase = z.infer<typeof knowledgeBaseSchema>;
export const knowledgeBaseResponseSchema = okEnvelope(knowledgeBaseSchema);

export const knowledgeBaseUpdateSchema = z.object({
  content: z.string().max(LIMITS.knowledgeBaseMaxChars, 'Base de conhecimento muito grande'),
});
export type KnowledgeBaseUpdate = z.infer<typeof knowledgeBaseUpdateSchema>;

/** A question the agent could not answer well: material for the knowledge base. */
export const knowledgeGapSchema = z.object({
  id: idSchema,
  question: z.string(),
  count: z.number().int().positive(),
  reason: z.enum(['handoff', 'low_confidence']),
  lastAskedAt: isoDateSchema,
  conversationId: idSchema.nullable(),
  /** The operator's actual reply to it, when one exists. */
  suggestedAnswer: z.string().nullable(),
  status: z.enum(['open', 'resolved', 'dismissed']),
});
export type KnowledgeGap = z.infer<typeof knowledgeGapSchema>;
export const knowledgeGapsResponseSchema = okEnvelope(z.array(knowledgeGapSchema));

export const resolveKnowledgeGapRequestSchema = z.object({
  question: z.string().trim().min(3).max(500).optional(),
  answer: z.string().trim().min(1, 'Resposta obrigatória').max(5000),
});
export type ResolveKnowledgeGapRequest = z.infer<typeof resolveKnowledgeGapRequestSchema>;

/** One gap after resolve / dismiss. */
export const knowledgeGapResponseSchema = okEnvelope(knowledgeGapSchema);
export const knowledgeGapParamsSchema = z.object({ id: idSchema });
/** GET /api/knowledge-gaps?status= (default: open). */
export const knowledgeGapsQuerySchema = z.object({
  status: z.enum(['open', 'resolved', 'dismissed', 'all']).default('open'),
});
