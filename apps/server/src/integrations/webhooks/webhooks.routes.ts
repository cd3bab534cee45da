import {
  ackEnvelopeSchema,
  createWebhookEndpointRequestSchema,
  updateWebhookEndpointRequestSchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveriesResponseSchema,
  webhookDeliveryParamsSchema,
  webhookDeliveryResponseSchema,
  webhookEndpointParamsSchema,
  webhookEndpointResponseSchema,
  webhookEndpointsResponseSchema,
  webhookEndpointWithSecretResponseSchema,
} from '@atende/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type WebhookDeliverPayload, webhookDeliverJob } from '../../jobs/job-kinds.js';
import { recordAudit } from '../../kernel/audit/audit.repository.js';
import { AppError } from '../../lib/app-error.js';
import { now } from '../../lib/clock.js';
import { privateDestination } from '../../lib/safe-fetch.js';

import { toDelivery, type WebhookDeliveriesRepository } from './webhook-deliveries.repository.js';
import { toEndpoint, type WebhookEndpointsRepository } from './webhook-endpoints.repository.js';

const ENDPOINT_NOT_FOUND = 'Webhook não encontrado';

/**
 * /api/integrations/webhooks (admins only): endpoints, their secret (shown at creation and rotation
 * only), the delivery log and "reenviar".
 */
export function webhooksRoutes(deps: {
  endpoints: WebhookEndpointsRepository;
  deliveries: WebhookDeliveriesRepository;
}): FastifyPluginAsync {
  const { endpoints, deliveries } = deps;
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const admin = { onRequest: app.allow('integrations:manage') };
    // Refused at save as well as at each delivery (a name's address may change in between).
    const deliverable = async (url: string | undefined) => {
      if (url === undefined || app.config.integrationsAllowPrivate) return;
      const refusal = await privateDestination(url);
      if (refusal) throw new AppError('VALIDATION_ERROR', refusal);
    };
    const found = async (id: string) => {
      const row = await endpoints.get(id);
      if (!row) throw new AppError('NOT_FOUND', ENDPOINT_NOT_FOUND);
      return row;
    };

    app.get(
      '/api/integrations/webhooks',
      { ...admin, schema: { response: { 200: webhookEndpointsResponseSchema } } },
      async () => ({ success: true as const, data: await endpoints.list() }),
    );

    app.post(
      '/api/integrations/webhooks',
      {
        ...admin,
        schema: {
          body: createWebhookEndpointRequestSchema,
          response: { 200: webhookEndpointWithSecretResponseSchema },
        },
      },
      async (request) => {
        await deliverable(request.body.url);
        const row = await endpoints.create(request.body);
        await recordAudit(app.db, {
          action: 'webhook.create',
          actor: request.user,
          targetType: 'webhook',
          targetId: row.id,
          detail: { url: row.url, events: request.body.events },
          ip: request.ip,
        });
        return {
          success: true as const,
          message: 'Webhook criado. Copie o segredo agora: ele não será mostrado de novo.',
          data: { endpoint: toEndpoint(row), secret: row.secret },
        };
      },
    );

    app.patch(
      '/api/integrations/webhooks/:id',
      {
        ...admin,
        schema: {
          params: webhookEndpointParamsSchema,
          body: updateWebhookEndpointRequestSchema,
          response: { 200: webhookEndpointResponseSchema },
        },
      },
      async (request) => {
        await found(request.params.id);
        await deliverable(request.body.url);
        const fields = await endpoints.update(request.params.id, request.body);
        if (fields.length > 0) {
          await recordAudit(app.db, {
            action: 'webhook.update',
            actor: request.user,
            targetType: 'webhook',
            targetId: request.params.id,
            detail: { fields },
            ip: request.ip,
          });
        }
        const row = await found(request.params.id);
        return { success: true as const, message: 'Webhook atualizado', data: toEndpoint(row) };
      },
    );

    app.post(
      '/api/integrations/webhooks/:id/rotate-secret',
      {
        ...admin,
        schema: {
          params: webhookEndpointParamsSchema,
          response: { 200: webhookEndpointWithSecretResponseSchema },
        },
      },
      async (request) => {
        const row = await endpoints.rotateSecret(request.params.id);
        if (!row) throw new AppError('NOT_FOUND', ENDPOINT_NOT_FOUND);
        await recordAudit(app.db, {
          action: 'webhook.rotate_secret',
          actor: request.user,
          targetType: 'webhook',
          targetId: row.id,
          ip: request.ip,
        });
        return {
          success: true as const,
          message: 'Novo segredo gerado. Atualize o receptor: o anterior deixou de valer.',
          data: { endpoint: toEndpoint(row), secret: row.secret },
        };
      },
    );

    app.delete(
      '/api/integrations/webhooks/:id',
      { ...admin, schema: { params: webhookEndpointParamsSchema, response: { 200: ackEnvelopeSchema } } },
      async (request) => {
        const row = await found(request.params.id);
        await endpoints.remove(row.id);
        await recordAudit(app.db, {
          action: 'webhook.delete',
          actor: request.user,
          targetType: 'webhook',
          targetId: row.id,
          detail: { url: row.url },
          ip: request.ip,
        });
        return { success: true as const, message: 'Webhook excluído' };
      },
    );

    app.get(
      '/api/integrations/webhooks/:id/deliveries',
      {
        ...admin,
        schema: {
          params: webhookEndpointParamsSchema,
          querystring: webhookDeliveriesQuerySchema,
          response: { 200: webhookDeliveriesResponseSchema },
        },
      },
      async (request) => {
        await found(request.params.id);
        const { limit, status } = request.query;
        return { success: true as const, data: await deliveries.list(request.params.id, limit, status) };
      },
    );

    app.post(
      '/api/integrations/webhooks/:id/deliveries/:deliveryId/resend',
      {
        ...admin,
        schema: { params: webhookDeliveryParamsSchema, response: { 200: webhookDeliveryResponseSchema } },
      },
      async (request) => {
        const endpoint = await found(request.params.id);
        if (endpoint.enabled !== 1) throw new AppError('CONFLICT', 'Reative o webhook antes de reenviar');
        const delivery = await deliveries.get(request.params.deliveryId);
        if (!delivery || delivery.endpoint_id !== endpoint.id)
          throw new AppError('NOT_FOUND', 'Entrega não encontrada');
        const queued = await app.db.transaction().execute(async (trx) => {
          if (!(await deliveries.requeue(trx, delivery.id, now()))) return false;
          const payload: WebhookDeliverPayload = {
            deliveryId: delivery.id,
            attempt: delivery.attempts + 1,
            manual: true,
          };
          await app.domain.jobs.enqueue(trx, webhookDeliverJob, payload, {
            dedupeKey: `${webhookDeliverJob.name}:${delivery.id}:${payload.attempt}`,
          });
          return true;
        });
        if (!queued) throw new AppError('CONFLICT', 'Esta entrega já está na fila');
        app.domain.jobs.wake();
        const row = await deliveries.get(delivery.id);
        if (!row) throw new AppError('NOT_FOUND', 'Entrega não encontrada');
        return { success: true as const, message: 'Reenvio agendado', data: toDelivery(row) };
      },
    );
  };
}
