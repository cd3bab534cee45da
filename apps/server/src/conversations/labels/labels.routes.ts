import {
  ackEnvelopeSchema,
  labelIdParamsSchema,
  labelInputSchema,
  labelResponseSchema,
  labelsResponseSchema,
} from '@atende/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { labelsRepository } from './labels.repository.js';

/** /api/labels: everyone reads (list rows, filter); admins create, rename, recolour and delete. */
export const labelsRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const labels = labelsRepository(app.db);
  // Every signed-in screen holds this list (filters, the composer's picker): a change reaches them all.
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && reply.statusCode < 300) app.realtime.toDashboard('labels:changed', {});
  });

  app.get(
    '/api/labels',
    { onRequest: app.authenticate, schema: { response: { 200: labelsResponseSchema } } },
    async () => ({ success: true as const, data: await labels.list() }),
  );

  app.post(
    '/api/labels',
    {
      onRequest: app.allow('labels:manage'),
      schema: { body: labelInputSchema, response: { 200: labelResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      message: 'Etiqueta criada',
      data: await labels.create(request.body),
    }),
  );

  app.put(
    '/api/labels/:id',
    {
      onRequest: app.allow('labels:manage'),
      schema: { params: labelIdParamsSchema, body: labelInputSchema, response: { 200: labelResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      message: 'Etiqueta atualizada',
      data: await labels.update(request.params.id, request.body),
    }),
  );

  // A deleted label's id may stay in conversations' tags: lists show only known labels.
  app.delete(
    '/api/labels/:id',
    {
      onRequest: app.allow('labels:manage'),
      schema: { params: labelIdParamsSchema, response: { 200: ackEnvelopeSchema } },
    },
    async (request) => {
      await labels.remove(request.params.id);
      return { success: true as const, message: 'Etiqueta excluída' };
    },
  );
};
