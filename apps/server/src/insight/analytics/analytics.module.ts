import type { FastifyPluginAsync } from 'fastify';
import { analyticsRoutes } from './analytics.routes.js';
import { reportRoutes } from './report.routes.js';

/** Analytics aggregates and the conversion mark (docs/metrics.md). */
export const analyticsModule: FastifyPluginAsync = async (app) => {
  await app.register(analyticsRoutes);
  await app.register(reportRoutes);
};
