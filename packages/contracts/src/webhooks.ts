import { z } from 'zod';
import { idSchema, isoDateSchema } from './common.js';
import { domainEventTypeSchema } from './domain-events.js';
import { okEnvelope } from './envelope.js';

/** A URL an endpoint posts to: http(s) only, no credentials in it. */
const endpointUrlSchema = z
  .url({ protocol: /^https?$/, error: 'Informe uma URL http:// ou https://' })
  .max(2000, 'URL muito longa')
  .refine((value) => {
    // Zod runs this even when the URL check above failed: an unparseable value is that check's error.
    if (!URL.canParse(value)) return true;
    const url = new URL(value);
    return url.username === '' && url.password === '';
  }, 'A URL não pode conter usuário e senha');

/** An outbound webhook endpoint, as the admin screen shows it (its secret is never in it). */
export const webhookEndpointSchema = z.object({
  id: idSchema,
  url: z.string(),
  description: z.string(),
  events: z.array(domainEventTypeSchema),
  enabled: z.boolean(),
  /** Set when the endpoint was turned off: by an admin, or after failing for a day. */
  disabledReason: z.string().nullable(),
  /** Since when every attempt failed (null: the last one succeeded, or none yet). */
  failingSince: isoDateSchema.nullable(),
  /** `whsec_` and the last 4 characters: enough to tell two secrets apart. */
  secretHint: z.string(),
  createdAt: isoDateSchema,
  lastDelivery: z
    .object({ status: z.enum(['pending', 'delivered', 'failed']), at: isoDateSchema })
    .nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const createWebhookEndpointRequestSchema = z
  .object({
    url: endpointUrlSchema,
    description: z.string().trim().max(200, 'Descrição muito longa').default(''),
    events: z.array(domainEventTypeSchema).min(1, 'Escolha ao menos um evento').max(20),
  })
  .strict();
export type CreateWebhookEndpointRequest = z.input<typeof createWebhookEndpointRequestSchema>;

export const updateWebhookEndpointRequestSchema = z
  .object({
    url: endpointUrlSchema.optional(),
    description: z.string().trim().max(200, 'Descrição muito longa').optional(),
    events: z.array(domainEventTypeSchema).min(1, 'Escolha ao menos um evento').max(20).optional(),
    enabled: z.boolean().optional(),
  })
  .strict();
export type UpdateWebhookEndpointRequest = z.infer<typeof updateWebhookEndpointRequestSchema>;

export const webhookEndpointParamsSchema = z.object({ id: idSchema });
export const webhookDeliveryParamsSchema = z.object({ id: idSchema, deliveryId: idSchema });

export const webhookEndpointsResponseSchema = okEnvelope(z.array(webhookEndpointSchema));
export const webhookEndpointResponseSchema = okEnvelope(webhookEndpointSchema);
/** Creation and secret rotation: the only answers that carry the secret (`whsec_…`), once. */
export const webhookEndpointWithSecretResponseSchema = okEnvelope(
  z.object({ endpoint: webhookEndpointSchema, secret: z.string() }),
);

export const webhookDeliveryStatusSchema = z.enum(['pending', 'delivered', 'failed']);
export type WebhookDeliveryStatus = z.infer<typeof webhookDeliveryStatusSchema>;
export const WEBHOOK_DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  pending: 'Pendente',
  delivered: 'Entregue',
  failed: 'Falhou',
};

/** One line of the delivery log. */
export const webhookDeliverySchema = z.object({
  /** The `webhook-id` header: the same on every attempt, so receivers can deduplicate. */
  id: idSchema,
  eventType: z.string(),
  status: webhookDeliveryStatusSchema,
  attempts: z.number().int().nonnegative(),
  /** The HTTP status of the last answer (null: none yet, or no answer at all). */
  responseStatus: z.number().int().nullable(),
  /** Why the last attempt failed, in pt-BR (null when it did not). */
  error: z.string().nullable(),
  createdAt: isoDateSchema,
  lastAttemptAt: isoDateSchema.nullable(),
  nextAttemptAt: isoDateSchema.nullable(),
  /** Milliseconds the last attempt took. */
  durationMs: z.number().int().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  status: webhookDeliveryStatusSchema.optional(),
});
export const webhookDeliveriesResponseSchema = okEnvelope(z.array(webhookDeliverySchema));
export const webhookDeliveryResponseSchema = okEnvelope(webhookDeliverySchema);
