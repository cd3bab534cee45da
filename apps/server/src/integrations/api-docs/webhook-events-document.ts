import {
  DOMAIN_EVENT_TYPES,
  type DomainEventType,
  domainEventSchema,
  domainEventTypeSchema,
  isoDateSchema,
} from '@atende/contracts';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { z } from 'zod';

type OpenApiDocument = Extract<NonNullable<FastifyDynamicSwaggerOptions['openapi']>, { webhooks?: unknown }>;
type Webhooks = NonNullable<OpenApiDocument['webhooks']>;

/**
 * The OpenAPI 3.1 `webhooks`: one entry per domain event, its body generated from the same zod
 * schema the server publishes, so the document cannot drift from what receivers get.
 */
export function webhookEventsDocument(): Webhooks {
  const entries = domainEventTypeSchema.options.map((type: DomainEventType) => {
    const option = domainEventSchema.options.find((candidate) => candidate.shape.type.value === type);
    if (!option) throw new Error(`no schema for ${type}`);
    const body = z.object({ type: z.literal(type), timestamp: isoDateSchema, data: option.shape.data });
    return [
      type,
      {
        post: {
          summary: DOMAIN_EVENT_TYPES[type],
          description:
            'Assinado conforme Standard Webhooks: cabeçalhos `webhook-id` (o mesmo em cada nova tentativa), `webhook-timestamp` (segundos Unix) e `webhook-signature` (`v1,<base64 HMAC-SHA256>` sobre `id.timestamp.corpo`). Rejeite timestamps com mais de 5 minutos de diferença.',
          requestBody: {
            required: true,
            content: { 'application/json': { schema: z.toJSONSchema(body, { io: 'output' }) } },
          },
          responses: {
            '200': { description: 'Qualquer resposta 2xx confirma a entrega; outras são tentadas de novo.' },
          },
        },
      },
    ] as const;
  });
  return Object.fromEntries(entries) as Webhooks;
}
