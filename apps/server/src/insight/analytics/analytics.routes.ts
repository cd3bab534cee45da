import {
  analyticsQuerySchema,
  analyticsResponseSchema,
  conversationsAnalyticsResponseSchema,
  conversionsAnalyticsResponseSchema,
  markConversionRequestSchema,
  markConversionResponseSchema,
  type ReportFilters,
} from '@atende/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { guardConversation, scopedReadModel, scopeOf } from '../../conversations/visibility/route-access.js';
import { settingsTimeZone } from '../../kernel/time/time-zone.js';
import { now } from '../../lib/clock.js';
import { figuresOf } from './analytics.repository.js';
import {
  computeAnalytics,
  computeConversationsAnalytics,
  computeConversionsAnalytics,
} from './analytics.service.js';
import { conversionView } from './conversions.service.js';

/**
 * `GET /analytics`, `/analytics/conversations`, `/analytics/conversions` (authenticated): figures of the
 * inboxes open to the viewer, filtered by inbox, person and label.
 */
export const analyticsRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = { onRequest: app.authenticate };
  const figures = { onRequest: app.authenticate, ...scopedReadModel };
  const within = (request: FastifyRequest & { query: ReportFilters }) =>
    figuresOf(scopeOf(request), {
      inboxId: request.query.inboxId,
      userId: request.query.userId,
      labelId: request.query.labelId,
    });

  r.get(
    '/api/analytics',
    { ...figures, schema: { querystring: analyticsQuerySchema, response: { 200: analyticsResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await computeAnalytics(
        app.readDb,
        request.query.period,
        now(),
        await settingsTimeZone(app.db),
        within(request),
      ),
    }),
  );

  r.get(
    '/api/analytics/conversations',
    {
      ...figures,
      schema: { querystring: analyticsQuerySchema, response: { 200: conversationsAnalyticsResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      data: await computeConversationsAnalytics(
        app.readDb,
        request.query.period,
        now(),
        await settingsTimeZone(app.db),
        within(request),
      ),
    }),
  );

  r.get(
    '/api/analytics/conversions',
    {
      ...figures,
      schema: { querystring: analyticsQuerySchema, response: { 200: conversionsAnalyticsResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      data: await computeConversionsAnalytics(
        app.readDb,
        request.query.period,
        now(),
        await settingsTimeZone(app.db),
        within(request),
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
