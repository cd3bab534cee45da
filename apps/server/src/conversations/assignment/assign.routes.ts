import {
  assignConversationRequestSchema,
  conversationParamsSchema,
  takeoverResponseSchema,
} from '@atende/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { guardConversation } from '../visibility/route-access.js';

/** The reason stored on an assignment; the assignee's notifications look for it. */
export const ASSIGNED_REASON_PREFIX = 'atribuída por ';

/**
 * POST /api/conversations/:id/assign (admin): hands a conversation to a person, who then holds it as if
 * they had taken it over (operators self-assign by taking over). Live for everyone through the
 * handler events.
 */
export const assignRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/conversations/:id/assign',
    {
      onRequest: app.allow('conversations:assign'),
      ...guardConversation('params.id'),
      schema: {
        params: conversationParamsSchema,
        body: assignConversationRequestSchema,
        response: { 200: takeoverResponseSchema },
      },
    },
    async (request) => {
      const assignee = await app.db
        .selectFrom('users')
        .select(['id', 'name'])
        .where('id', '=', request.body.userId)
        .where('disabled', '=', 0)
        .executeTakeFirst();
      if (!assignee) throw new AppError('VALIDATION_ERROR', 'Usuário não encontrado ou desativado');
      const conversation = await app.domain.messaging.changeHandler(request.params.id, {
        mode: 'human',
        user: assignee,
        reason: `${ASSIGNED_REASON_PREFIX}${request.user!.name}`,
        assignedBy: { id: request.user!.id, name: request.user!.name },
      });
      return { success: true as const, data: conversation, message: `Conversa atribuída a ${assignee.name}` };
    },
  );
};
