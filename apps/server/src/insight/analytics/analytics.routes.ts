import {
  analyticsQuerySchema,
  analyticsResponseSchema,
  conversationsAnalyticsResponseSchema,
  conversionsAnalyticsResponseSchema,
  markConversionRequestSchema,
  markConversionResponseSchema,
  type ReportFilters,
} from '@atende/contracts';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { guardConversation, scopedReadModel, scopeOf } from '../../conversations/visibility/route-access.js';
import { settingsTimeZone } from '../../kernel/time/time-zone.js';
import { now } from '../../lib/clock.js';
import { type FiguresFilter, figuresOf } from './analytics.repository.js';
import {
  type AnalyticsPeriod,
  computeAnalytics,
  computeConversationsAnalytics,
  computeConversionsAnalytics,
} from './analytics.service.js';
import { conversionView } from './conversions.service.js';

type PeriodQuery = z.output<typeof analyticsQuerySchema>;
type PeriodFigures<T> = (
  db: FastifyInstance['readDb'],
  period: AnalyticsPeriod,
  now: number,
  zone: string,
  within: FiguresFilter,
) => Promise<T>;

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

  // The three GETs differ only in their figures: each runs over the period in the team's time zone.
  const periodFigures =
    <T>(compute: PeriodFigures<T>) =>
    async (request: FastifyRequest & { query: PeriodQuery }) => ({
      success: true as const,
      data: await compute(
        app.readDb,
        request.query.period,
        now(),
        await settingsTimeZone(app.db),
        within(request),
      ),
    });
  const periodSchema = <S extends z.ZodType>(response: S) => ({
    querystring: analyticsQuerySchema,
    response: { 200: response },
  });

  r.get(
    '/api/analytics',
    { ...figures, schema: periodSchema(analyticsResponseSchema) },
    periodFigures(computeAnalytics),
  );
  r.get(
    '/api/analytics/conversations',
    { ...figures, schema: periodSchema(conversationsAnalyticsResponseSchema) },
    periodFigures(computeConversationsAnalytics),
  );
  r.get(
    '/api/analytics/conversions',
    { ...figures, schema: periodSchema(conversionsAnalyticsResponseSchema) },
    periodFigures(computeConversionsAnalytics),
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
