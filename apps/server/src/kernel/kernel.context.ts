import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { auditRoutes } from './audit/audit.routes.js';
import { settingsRoutes } from './settings/settings.routes.js';

/**
 * The kernel: settings (read by every context through `getSettings`), the audit log every context
 * writes into, the activity feed and the business's time zone. Here: their routes.
 */
export const kernelContext: FastifyPluginAsync = fp(
  async (app) => {
    await app.register(settingsRoutes);
    await app.register(auditRoutes);
  },
  { name: 'atende-kernel', dependencies: ['atende-auth'] },
);
