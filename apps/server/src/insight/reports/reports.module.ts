import type { FastifyPluginAsync } from 'fastify';
import { reportsRoutes } from './reports.routes.js';

/** The service figures (CSAT, automation, times, hand-offs, backlog) and the reports people shape. */
export const reportsModule: FastifyPluginAsync = async (app) => {
  await app.register(reportsRoutes);
};
