import {
  ackEnvelopeSchema,
  conversationDetailQuerySchema,
  conversationDetailResponseSchema,
  conversationParamsSchema,
  listConversationsQuerySchema,
  listConversationsResponseSchema,
  listMessagesQuerySchema,
  listMessagesResponseSchema,
  messageParamsSchema,
  reactRequestSchema,
  sendMessageRequestSchema,
  sendMessageResponseSchema,
  takeoverResponseSchema,
} from '@atende/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { plainJsonResponse } from '../../lib/plain-json-serializer.js';
import type { AuthUser } from '../../types.js';
import { conversationsRepository } from './conversations.repository.js';
import { CONVERSATION_NOT_FOUND } from './handler.service.js';

function userOf(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('UNAUTHORIZED');
  return request.user;
}

/** Spec §7 conversation calls plus takeover/handback; all authenticated. */
export const conversationsRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repository = conversationsRepository(app.db);
  const auth = { onRequest: app.authenticate };

  app.get(
    '/api/conversations',
    {
      ...auth,
      ...plainJsonResponse,
      schema: {
        querystring: listConversationsQuerySchema,
        response: { 200: listConversationsResponseSchema },
      },
    },
    async (request) => {
      const page = await repository.list(request.query);
      return {
        success: true as const,
        data: page.conversations,
        page: { nextCursor: page.nextCursor, total: page.total },
      };
    },
  );

  app.get(
    '/api/conversations/:id',
    {
      ...auth,
      schema: {
        params: conversationParamsSchema,
        querystring: conversationDetailQuerySchema,
        response: { 200: conversationDetailResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await repository.detail(request.params.id, request.query.messagesLimit),
    }),
  );

  app.get(
    '/api/conversations/:id/messages',
    {
      ...auth,
      schema: {
        params: conversationParamsSchema,
        querystring: listMessagesQuerySchema,
        response: { 200: listMessagesResponseSchema },
      },
    },
    async (request) => {
      if (!(await repository.exists(request.params.id)))
        throw new AppError('NOT_FOUND', CONVERSATION_NOT_FOUND);
      const page = await repository.messagesBefore(
        request.params.id,
        request.query.before ?? null,
        request.query.limit,
      );
      return { success: true as const, data: page };
    },
  );

  app.post(
    '/api/conversations/:id/messages',
    {
      ...auth,
      schema: {
        params: conversationParamsSchema,
        body: sendMessageRequestSchema,
        response: { 200: sendMessageResponseSchema },
      },
    },
    async (request) => {
      const message = await app.domain.messages.send(request.params.id, userOf(request), request.body);
      return { success: true as const, data: message, message: 'Mensagem enviada' };
    },
  );

  app.post(
    '/api/conversations/:conversationId/messages/:messageId/react',
    {
      ...auth,
      schema: { params: messageParamsSchema, body: reactRequestSchema, response: { 200: ackEnvelopeSchema } },
    },
    async (request) => {
      const { conversationId, messageId } = request.params;
      await app.domain.reactions.react(conversationId, messageId, request.body.emoji);
      return { success: true as const, message: request.body.emoji ? 'Reação enviada' : 'Reação removida' };
    },
  );

  app.post(
    '/api/conversations/:id/takeover',
    { ...auth, schema: { params: conversationParamsSchema, response: { 200: takeoverResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await app.domain.handler.takeOver(request.params.id, userOf(request)),
      message: 'Conversa assumida',
    }),
  );

  app.post(
    '/api/conversations/:id/handback',
    { ...auth, schema: { params: conversationParamsSchema, response: { 200: takeoverResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await app.domain.handler.handBack(request.params.id, userOf(request)),
      message: 'Conversa devolvida à IA',
    }),
  );
};
