import type { FastifyPluginAsync } from 'fastify';
import { dashboardRoutes } from './dashboard.routes.js';
import { startLiveMetrics } from './live-metrics.js';

/** Dashboard figures and activity, and the live `system:metrics` pushes. */
export const dashboardModule: FastifyPluginAsync = async (app) => {
  await app.register(dashboardRoutes);
  const live = startLiveMetrics(app);
  app.addHook('preClose', async () => live.stop());
};
