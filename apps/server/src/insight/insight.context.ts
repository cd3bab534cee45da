import fp from 'fastify-plugin';
import { analyticsModule } from './analytics/analytics.module.js';
import { dashboardModule } from './dashboard/dashboard.module.js';
import { healthModule } from './health/health.module.js';

/** Insight: what the dashboard and analytics show — figures, reports, live metrics and health. */
export const insightContext = fp(
  async (app) => {
    await app.register(healthModule);
    await app.register(dashboardModule);
    await app.register(analyticsModule);
  },
  { name: 'atende-insight', dependencies: ['atende-domain', 'atende-health-checks'] },
);
