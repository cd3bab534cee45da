import {
  ackEnvelopeSchema,
  cannedRepliesResponseSchema,
  cannedReplyIdParamsSchema,
  cannedReplyInputSchema,
  cannedReplyResponseSchema,
} from '@atende/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cannedRepliesRepository } from './canned-replies.repository.js';

/** /api/canned-replies: everyone reads (the composer's picker); admins manage the shared list. */
export const cannedRepliesRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const replies = cannedRepliesRepository(app.db);
  // Every signed-in screen holds this list (filters, the composer's picker): a change reaches them all.
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && reply.statusCode < 300)
      app.realtime.toDashboard('canned-replies:changed', {});
  });

  app.get(
    '/api/canned-replies',
    { onRequest: app.authenticate, schema: { response: { 200: cannedRepliesResponseSchema } } },
    async () => ({ success: true as const, data: await replies.list() }),
  );

  app.post(
    '/api/canned-replies',
    {
      onRequest: app.allow('canned-replies:manage'),
      schema: { body: cannedReplyInputSchema, response: { 200: cannedReplyResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      message: 'Resposta criada',
      data: await replies.create(request.body),
    }),
  );

  app.put(
    '/api/canned-replies/:id',
    {
      onRequest: app.allow('canned-replies:manage'),
      schema: {
        params: cannedReplyIdParamsSchema,
        body: cannedReplyInputSchema,
        response: { 200: cannedReplyResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Resposta atualizada',
      data: await replies.update(request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/canned-replies/:id',
    {
      onRequest: app.allow('canned-replies:manage'),
      schema: { params: cannedReplyIdParamsSchema, response: { 200: ackEnvelopeSchema } },
    },
    async (request) => {
      await replies.remove(request.params.id);
      return { success: true as const, message: 'Resposta excluída' };
    },
  );
};
