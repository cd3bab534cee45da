import fp from 'fastify-plugin';
import { clientsRoutes } from './clients/clients.routes.js';
import { retentionModule } from './retention/retention.module.js';

/**
 * Customers: the CRM's client routes, and their personal data — the registry that classifies every
 * column, the LGPD export and erasure, and the daily retention purge.
 */
export const customersContext = fp(
  async (app) => {
    await app.register(clientsRoutes);
    await app.register(retentionModule);
  },
  { name: 'atende-customers', dependencies: ['atende-domain', 'atende-media'] },
);
