import { globalSearchQuerySchema, globalSearchResponseSchema } from '@atende/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { scopedReadModel, scopeOf } from '../visibility/route-access.js';
import { globalSearch } from './global-search.js';

/** `GET /api/search`: the top search of the dashboard (the command palette). */
export const searchRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/search',
    {
      onRequest: app.authenticate,
      ...scopedReadModel,
      schema: { querystring: globalSearchQuerySchema, response: { 200: globalSearchResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      data: await globalSearch(
        app.db,
        app.dbHandle.kind,
        app.domain.messaging,
        scopeOf(request),
        request.query.q,
        request.query.limit,
      ),
    }),
  );
};
