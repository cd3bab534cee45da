import {
  analyticsQuerySchema,
  analyticsResponseSchema,
  conversationsAnalyticsResponseSchema,
  conversionsAnalyticsResponseSchema,
  markConversionRequestSchema,
  markConversionResponseSchema,
} from '@atende/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { guardConversation } from '../../conversations/visibility/route-access.js';
import { settingsTimeZone } from '../../kernel/time/time-zone.js';
import { now } from '../../lib/clock.js';
import {
  computeAnalytics,
  computeConversationsAnalytics,
  computeConversionsAnalytics,
} from './analytics.service.js';
import { conversionView } from './conversions.service.js';

/** `GET /analytics`, `/analytics/conversations`, `/analytics/conversions` (authenticated). */
export const analyticsRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = { onRequest: app.authenticate };

  r.get(
    '/api/analytics',
    { ...guard, schema: { querystring: analyticsQuerySchema, response: { 200: analyticsResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await computeAnalytics(app.readDb, request.query.period, now(), await settingsTimeZone(app.db)),
    }),
  );

  r.get(
    '/api/analytics/conversations',
    {
      ...guard,
      schema: { querystring: analyticsQuerySchema, response: { 200: conversationsAnalyticsResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      data: await computeConversationsAnalytics(
        app.readDb,
        request.query.period,
        now(),
        await settingsTimeZone(app.db),
      ),
    }),
  );

  r.get(
    '/api/analytics/conversions',
    {
      ...guard,
      schema: { querystring: analyticsQuerySchema, response: { 200: conversionsAnalyticsResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      data: await computeConversionsAnalytics(
        app.readDb,
        request.query.period,
        now(),
        await settingsTimeZone(app.db),
      ),
    }),
  );

  r.post(
    '/api/analytics/conversions',
    {
      ...guard,
      ...guardConversation('body.conversationId'),
      schema: { body: markConversionRequestSchema, response: { 200: markConversionResponseSchema } },
    },
    async (request) => {
      const result = await app.domain.messaging.markConverted(request.body.conversationId);
      return {
        success: true as const,
        data: conversionView(result),
        message: result.alreadyConverted ? 'Conversa já convertida' : 'Conversão registrada',
      };
    },
  );
};
