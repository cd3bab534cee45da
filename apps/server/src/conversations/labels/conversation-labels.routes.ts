import {
  conversationParamsSchema,
  setConversationLabelsRequestSchema,
  takeoverResponseSchema,
} from '@atende/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { guardConversation } from '../visibility/route-access.js';
import { labelsRepository } from './labels.repository.js';

/** PUT /api/conversations/:id/labels: anyone who can see the conversation labels it. */
export const conversationLabelsRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const labels = labelsRepository(app.db);
  app.put(
    '/api/conversations/:id/labels',
    {
      onRequest: app.authenticate,
      ...guardConversation('params.id'),
      schema: {
        params: conversationParamsSchema,
        body: setConversationLabelsRequestSchema,
        response: { 200: takeoverResponseSchema },
      },
    },
    async (request) => {
      const messaging = app.domain.messaging;
      const wanted = [...new Set(request.body.labelIds)];
      const known = await labels.existing(wanted);
      if (known.length !== wanted.length) throw new AppError('VALIDATION_ERROR', 'Etiqueta não encontrada');
      return {
        success: true as const,
        message: 'Etiquetas atualizadas',
        data: await messaging.setLabels(request.params.id, wanted),
      };
    },
  );
};
