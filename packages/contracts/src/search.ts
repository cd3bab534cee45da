import { z } from 'zod';
import { idSchema, isoDateSchema } from './common.js';
import { senderSchema } from './conversations.js';
import { okEnvelope } from './envelope.js';

/** `GET /api/search`: the top search (command palette) over what the viewer may see. */
export const globalSearchQuerySchema = z.object({
  q: z
    .string({ error: 'Digite o que buscar' })
    .trim()
    .min(2, 'Digite ao menos 2 caracteres para buscar')
    .max(100, 'Busca muito longa (máximo de 100 caracteres)'),
  /** Hits per group (clients, conversations, messages). */
  limit: z.coerce
    .number({ error: 'Limite inválido' })
    .int('Limite inválido')
    .min(1, 'Limite inválido')
    .max(20, 'No máximo 20 resultados por grupo')
    .default(5),
});
export type GlobalSearchQuery = z.input<typeof globalSearchQuerySchema>;

export const searchClientHitSchema = z.object({
  id: idSchema,
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
export const searchConversationHitSchema = z.object({
  id: idSchema,
  clientId: idSchema,
  clientName: z.string(),
  clientPhone: z.string().nullable(),
  lastMessage: z.string().nullable(),
  lastMessageTime: isoDateSchema.nullable(),
  status: z.string(),
});
export const searchMessageHitSchema = z.object({
  id: idSchema,
  conversationId: idSchema,
  clientName: z.string(),
  sender: senderSchema,
  content: z.string(),
  timestamp: isoDateSchema,
});
export type SearchClientHit = z.infer<typeof searchClientHitSchema>;
export type SearchConversationHit = z.infer<typeof searchConversationHitSchema>;
export type SearchMessageHit = z.infer<typeof searchMessageHitSchema>;

export const globalSearchResultSchema = z.object({
  clients: z.array(searchClientHitSchema),
  conversations: z.array(searchConversationHitSchema),
  messages: z.array(searchMessageHitSchema),
});
export type GlobalSearchResult = z.infer<typeof globalSearchResultSchema>;
export const globalSearchResponseSchema = okEnvelope(globalSearchResultSchema);
