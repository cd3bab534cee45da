import {
  orderLookupInputSchema,
  orderLookupResponseSchema,
  orderLookupTestRequestSchema,
  orderLookupTestResponseSchema,
} from '@atende/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordAudit } from '../../kernel/audit/audit.repository.js';
import { AppError } from '../../lib/app-error.js';
import { privateDestination, type SafeFetch } from '../../lib/safe-fetch.js';
import { type OrderLookupRepository, toView } from './order-lookup.repository.js';
import { MISSING_PHONE, runLookup, withSampleValues } from './run-lookup.js';

/** /api/integrations/order-lookup (admins only): the configuration, and "Testar consulta". */
export function orderLookupRoutes(lookups: OrderLookupRepository, fetch: SafeFetch): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const admin = { onRequest: app.allow('integrations:manage') };

    app.get(
      '/api/integrations/order-lookup',
      { ...admin, schema: { response: { 200: orderLookupResponseSchema } } },
      async () => ({ success: true as const, data: toView(await lookups.get()) }),
    );

    app.put(
      '/api/integrations/order-lookup',
      { ...admin, schema: { body: orderLookupInputSchema, response: { 200: orderLookupResponseSchema } } },
      async (request) => {
        const { urlTemplate } = request.body;
        if (urlTemplate !== '' && !urlTemplate.includes('{telefone}'))
          throw new AppError('VALIDATION_ERROR', MISSING_PHONE);
        // Refused at save as well as at each lookup (a name's address may change in between).
        const refusal =
          urlTemplate === '' || app.config.integrationsAllowPrivate
            ? null
            : await privateDestination(withSampleValues(urlTemplate));
        if (refusal) throw new AppError('VALIDATION_ERROR', refusal);
        const saved = await lookups.save(request.body);
        await recordAudit(app.db, {
          action: 'order_lookup.update',
          actor: request.user,
          targetType: 'order_lookup',
          // Header names only: their values are secrets.
          detail: { enabled: saved.enabled, headers: saved.headers.map((h) => h.name) },
          ip: request.ip,
        });
        return { success: true as const, message: 'Consulta de pedidos salva', data: toView(saved) };
      },
    );

    app.post(
      '/api/integrations/order-lookup/test',
      {
        ...admin,
        schema: { body: orderLookupTestRequestSchema, response: { 200: orderLookupTestResponseSchema } },
      },
      async (request) => {
        const config = await lookups.get();
        if (!config.urlTemplate) throw new AppError('CONFLICT', 'Salve a URL da consulta antes de testar');
        const result = await runLookup(fetch, config, {
          phone: request.body.phone,
          order: request.body.order || null,
        });
        return { success: true as const, data: result };
      },
    );
  };
}
