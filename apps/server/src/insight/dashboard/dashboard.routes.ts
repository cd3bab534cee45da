import { activityResponseSchema, dashboardStatsResponseSchema, reportFiltersSchema } from '@atende/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { scopedReadModel, scopeOf } from '../../conversations/visibility/route-access.js';
import { settingsTimeZone } from '../../kernel/time/time-zone.js';
import { now } from '../../lib/clock.js';
import { figuresOf } from '../analytics/analytics.repository.js';
import { computeDashboardStats } from '../analytics/dashboard-metrics.js';
import { latestActivities } from './activity.repository.js';

/** `GET /dashboard/stats` and `GET /dashboard/activity` (authenticated). Health: insight/health. */
export const dashboardRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/dashboard/stats',
    {
      onRequest: app.authenticate,
      ...scopedReadModel,
      schema: { querystring: reportFiltersSchema, response: { 200: dashboardStatsResponseSchema } },
    },
    // The inboxes open to the viewer, filtered by inbox, person and label.
    async (request) => ({
      success: true as const,
      data: await computeDashboardStats(
        app.readDb,
        now(),
        await settingsTimeZone(app.db),
        undefined,
        figuresOf(scopeOf(request), request.query),
      ),
    }),
  );

  r.get(
    '/api/dashboard/activity',
    {
      onRequest: app.authenticate,
      ...scopedReadModel,
      schema: { response: { 200: activityResponseSchema } },
    },
    async (request) => ({ success: true as const, data: await latestActivities(app.db, scopeOf(request)) }),
  );
};
