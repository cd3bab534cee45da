import { z } from 'zod';
import { idSchema, isoDateSchema } from './common.js';
import { conversationStatusSchema } from './conversations.js';
import { okEnvelope } from './envelope.js';

/** "Último contato" filter of the clients list. */
export const LAST_CONTACT_FILTERS = {
  '7d': 'Últimos 7 dias',
  '30d': 'Últimos 30 dias',
  '90d': 'Últimos 90 dias',
  older: 'Há mais de 90 dias',
} as const;
export const lastContactFilterSchema = z.enum(['7d', '30d', '90d', 'older']);
export type LastContactFilter = z.infer<typeof lastContactFilterSchema>;

/** `GET /api/clients/page`: the CRM list, server-paged, most recent contact first. */
export const clientPageQuerySchema = z.object({
  search: z.string().trim().max(100, 'Busca muito longa').optional(),
  labelId: idSchema.optional(),
  lastContact: lastContactFilterSchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(200).optional(),
});
export type ClientPageQuery = z.input<typeof clientPageQuerySchema>;

export const clientListItemSchema = z.object({
  id: idSchema,
  name: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  avatar: z.string().nullable(),
  lastContact: isoDateSchema.nullable(),
  conversationCount: z.number().int(),
  labelIds: z.array(idSchema),
  erased: z.boolean(),
});
export type ClientListItem = z.infer<typeof clientListItemSchema>;

export const clientPageSchema = z.object({
  clients: z.array(clientListItemSchema),
  nextCursor: z.string().nullable(),
  /** Clients matching the filters (all pages). */
  total: z.number().int(),
});
export type ClientPage = z.infer<typeof clientPageSchema>;
export const clientPageResponseSchema = okEnvelope(clientPageSchema);

export const clientIdParamsSchema = z.object({ id: idSchema });

/** `GET /api/clients/{id}`: the client page of the CRM. */
export const clientDetailSchema = clientListItemSchema.extend({
  notes: z.string().nullable(),
  createdAt: isoDateSchema,
  conversations: z.array(
    z.object({
      id: idSchema,
      status: conversationStatusSchema.or(z.string()),
      startedAt: isoDateSchema,
      lastMessage: z.string().nullable(),
      lastMessageTime: isoDateSchema.nullable(),
      messageCount: z.number().int(),
      isAiHandled: z.boolean(),
    }),
  ),
  totals: z.object({
    messages: z.number().int(),
    /** Messages the client sent. */
    fromClient: z.number().int(),
    /** % of our replies written by the AI; null without replies. */
    aiShare: z.number().nullable(),
    /** Seconds our last reply took; null when never answered. */
    lastResponseSeconds: z.number().nullable(),
    /** The same in milliseconds (sub-second AI answers read as "< 1 s", not 0). */
    lastResponseMs: z.number().nullable(),
  }),
  /** The customer asked not to be contacted: no survey or other message we start goes to them. */
  doNotContact: z.boolean(),
});
export type ClientDetail = z.infer<typeof clientDetailSchema>;
export const clientDetailResponseSchema = okEnvelope(clientDetailSchema);

/** `PATCH /api/clients/{id}`: only what is sent changes; empty strings clear a field. */
export const updateClientRequestSchema = z
  .object({
    name: z.string().trim().max(120, 'Nome muito longo').nullable().optional(),
    email: z
      .union([z.literal(''), z.email('E-mail inválido').max(200, 'E-mail muito longo')])
      .nullable()
      .optional(),
    notes: z.string().max(5000, 'Máximo de 5000 caracteres').nullable().optional(),
    labelIds: z.array(idSchema).max(20, 'No máximo 20 etiquetas').optional(),
    doNotContact: z.boolean().optional(),
  })
  .strict();
export type UpdateClientRequest = z.infer<typeof updateClientRequestSchema>;

/** `POST /api/clients/{id}/erase` must repeat the client's id, so a slip of the mouse erases nothing. */
export const eraseClientRequestSchema = z.object({ confirm: idSchema }).strict();
export const eraseClientResponseSchema = okEnvelope(
  z.object({ messages: z.number().int(), media: z.number().int(), conversations: z.number().int() }),
);
