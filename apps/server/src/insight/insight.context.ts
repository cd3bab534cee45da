import fp from 'fastify-plugin';
import { analyticsModule } from './analytics/analytics.module.js';
import { dashboardModule } from './dashboard/dashboard.module.js';
import { healthModule } from './health/health.module.js';
import { reportsModule } from './reports/reports.module.js';
import { satisfactionModule } from './satisfaction/satisfaction.module.js';

/**
 * Insight: what the dashboard and analytics show — figures, the reports people shape and save, the
 * satisfaction survey after each resolution, live metrics and health.
 */
export const insightContext = fp(
  async (app) => {
    await app.register(healthModule);
    await app.register(dashboardModule);
    await app.register(analyticsModule);
    await app.register(satisfactionModule);
    await app.register(reportsModule);
  },
  { name: 'atende-insight', dependencies: ['atende-domain', 'atende-health-checks'] },
);
