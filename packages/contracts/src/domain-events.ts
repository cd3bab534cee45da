import { z } from 'zod';
import { idSchema, isoDateSchema } from './common.js';
import { conversationStatusSchema, messageTypeSchema, senderSchema } from './conversations.js';

/**
 * What happened in the domain, published after the commit that made it true. The same shapes go out
 * to outbound webhooks as each post's `data`, so they are part of the public API (documented in the
 * OpenAPI document's `webhooks`): add fields, never rename or remove one.
 */
export const DOMAIN_EVENT_TYPES = {
  'message.received': 'Mensagem recebida',
  'message.sent': 'Mensagem enviada',
  'conversation.status_changed': 'Status da conversa alterado',
  'conversation.handed_off': 'Conversa transferida para atendimento humano',
  'conversation.assigned': 'Conversa atribuída',
  'client.updated': 'Cliente atualizado',
  'inbox.connected': 'Caixa de entrada conectada',
  'inbox.disconnected': 'Caixa de entrada desconectada',
  'csat.received': 'Avaliação de satisfação recebida',
} as const;
export type DomainEventType = keyof typeof DOMAIN_EVENT_TYPES;
export const domainEventTypeSchema = z.enum(
  Object.keys(DOMAIN_EVENT_TYPES) as [DomainEventType, ...DomainEventType[]],
);

const eventClientSchema = z.object({
  id: idSchema,
  name: z.string().nullable(),
  phone: z.string().nullable(),
});

/** A message as an integration sees it (either side). */
export const eventMessageSchema = z.object({
  id: idSchema,
  conversationId: idSchema,
  sender: senderSchema,
  content: z.string(),
  type: messageTypeSchema,
  timestamp: isoDateSchema,
  aiGenerated: z.boolean(),
  mediaUrl: z.string().nullable(),
  mediaMimeType: z.string().nullable(),
  replyToId: idSchema.nullable(),
  /** The person who wrote it from the dashboard (null: the customer, the AI, the phone). */
  authorName: z.string().nullable(),
});

export const messageEventDataSchema = z.object({
  conversationId: idSchema,
  client: eventClientSchema,
  message: eventMessageSchema,
});

export const statusChangedEventDataSchema = z.object({
  conversationId: idSchema,
  clientId: idSchema,
  status: conversationStatusSchema,
  previousStatus: conversationStatusSchema.nullable(),
});

export const handedOffEventDataSchema = z.object({
  conversationId: idSchema,
  clientId: idSchema,
  /** Why, in pt-BR (as the operators read it). */
  reason: z.string(),
  /** Stable code: person_requested, low_confidence, record_lookup, provider_failure, … */
  cause: z.string(),
});

export const assignedEventDataSchema = z.object({
  conversationId: idSchema,
  clientId: idSchema,
  assignee: z.object({ id: idSchema, name: z.string() }),
  reason: z.string(),
});

export const clientUpdatedEventDataSchema = z.object({
  clientId: idSchema,
  /** The fields whose value changed (name, email, notes, labels), or every personal field on erasure. */
  fields: z.array(z.string()),
  name: z.string().nullable().optional(),
  email: z.string().nullable().optional(),
  notes: z.string().nullable().optional(),
  labelIds: z.array(idSchema).optional(),
  /** The customer asked not to be contacted (or no longer minds). */
  doNotContact: z.boolean().optional(),
  /** The customer's personal data was erased (LGPD): erase your copy too. */
  erased: z.boolean(),
});

export const inboxEventDataSchema = z.object({
  inboxId: idSchema,
  /** The channel kind: simulator, whatsapp-web, cloud-api. */
  channel: z.string(),
  name: z.string().nullable(),
  /** Why it disconnected, in pt-BR, when known. */
  reason: z.string().nullable(),
});

/**
 * A customer answered the satisfaction survey of a resolution: published with the rating, and again
 * (same `surveyId`) when they add a comment.
 */
export const csatReceivedEventDataSchema = z.object({
  surveyId: idSchema,
  conversationId: idSchema,
  clientId: idSchema,
  inboxId: idSchema,
  /** 1 (péssimo) to 5 (excelente). */
  rating: z.number().int().min(1).max(5),
  comment: z.string().nullable(),
  ratedAt: isoDateSchema,
  /** The person credited with the resolution; null when the AI resolved it alone. */
  personId: idSchema.nullable(),
});

export const domainEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message.received'), data: messageEventDataSchema }),
  z.object({ type: z.literal('message.sent'), data: messageEventDataSchema }),
  z.object({ type: z.literal('conversation.status_changed'), data: statusChangedEventDataSchema }),
  z.object({ type: z.literal('conversation.handed_off'), data: handedOffEventDataSchema }),
  z.object({ type: z.literal('conversation.assigned'), data: assignedEventDataSchema }),
  z.object({ type: z.literal('client.updated'), data: clientUpdatedEventDataSchema }),
  z.object({ type: z.literal('inbox.connected'), data: inboxEventDataSchema }),
  z.object({ type: z.literal('inbox.disconnected'), data: inboxEventDataSchema }),
  z.object({ type: z.literal('csat.received'), data: csatReceivedEventDataSchema }),
]);
export type DomainEvent = z.infer<typeof domainEventSchema>;
export type DomainEventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;

/** The body of a webhook post (Standard Webhooks): the event's type, when it happened, its data. */
export const webhookPayloadSchema = z.object({
  type: domainEventTypeSchema.or(z.literal('webhook.test')),
  timestamp: isoDateSchema,
  data: z.unknown(),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;
