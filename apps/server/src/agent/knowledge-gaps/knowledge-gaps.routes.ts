import {
  knowledgeGapParamsSchema,
  knowledgeGapResponseSchema,
  knowledgeGapsQuerySchema,
  knowledgeGapsResponseSchema,
  LIMITS,
  resolveKnowledgeGapRequestSchema,
} from '@atende/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { scopedReadModel, scopeOf } from '../../conversations/visibility/route-access.js';
import { AppError } from '../../lib/app-error.js';
import { createKnowledgeGapsService } from './knowledge-gaps.service.js';

/**
 * The learning loop: GET /api/knowledge-gaps (signed in; the gaps of conversations the viewer sees),
 * POST …/:id/resolve and …/:id/dismiss (admin).
 */
export const knowledgeGapsRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = createKnowledgeGapsService({
    db: app.db,
    realtime: app.realtime,
    knowledgeBase: app.knowledgeBase,
    maxKnowledgeBaseChars: LIMITS.knowledgeBaseMaxChars,
  });

  app.get(
    '/api/knowledge-gaps',
    {
      onRequest: app.authenticate,
      ...scopedReadModel,
      schema: { querystring: knowledgeGapsQuerySchema, response: { 200: knowledgeGapsResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      data: await service.list(request.query.status, scopeOf(request)),
    }),
  );

  app.post(
    '/api/knowledge-gaps/:id/resolve',
    {
      onRequest: app.allow('knowledge-gaps:resolve'),
      schema: {
        params: knowledgeGapParamsSchema,
        body: resolveKnowledgeGapRequestSchema,
        response: { 200: knowledgeGapResponseSchema },
      },
    },
    async (request) => {
      if (!request.user) throw new AppError('UNAUTHORIZED');
      const gap = await service.resolve(request.params.id, request.body, request.user);
      return { success: true as const, message: 'Resposta adicionada à base de conhecimento', data: gap };
    },
  );

  app.post(
    '/api/knowledge-gaps/:id/dismiss',
    {
      onRequest: app.allow('knowledge-gaps:resolve'),
      schema: { params: knowledgeGapParamsSchema, response: { 200: knowledgeGapResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      message: 'Lacuna descartada',
      data: await service.dismiss(request.params.id),
    }),
  );
};
