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
import { handBack, takeOver } from '../messaging/change-handler.js';
import { guardConversation, scopedReadModel, scopeOf } from '../visibility/route-access.js';
import { sendMediaRoutes } from './send-media.routes.js';
import { assertMayTakeOver } from './takeover-permission.js';

function userOf(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('UNAUTHORIZED');
  return request.user;
}

/** The conversation calls plus takeover/handback; all authenticated. */
export const conversationsRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const messaging = app.domain.messaging;
  const auth = { onRequest: app.authenticate };
  // A conversation the viewer may not see is a 404 (docs/security.md, "Operators' visibility").
  const visible = { ...auth, ...guardConversation('params.id') };

  app.get(
    '/api/conversations',
    {
      ...auth,
      ...scopedReadModel,
      ...plainJsonResponse,
      schema: {
        querystring: listConversationsQuerySchema,
        response: { 200: listConversationsResponseSchema },
      },
    },
    async (request) => {
      const user = userOf(request);
      const { assignee, ...query } = request.query;
      const page = await messaging.listConversations({
        ...query,
        visible: scopeOf(request),
        heldBy: assignee === 'me' ? user.id : assignee === 'none' ? null : undefined,
        slaTargets: app.domain.inboxes.slaTargets(),
        viewerId: user.id,
      });
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
      ...visible,
      schema: {
        params: conversationParamsSchema,
        querystring: conversationDetailQuerySchema,
        response: { 200: conversationDetailResponseSchema },
      },
    },
    async (request) => {
      const data = await messaging.getConversation(
        request.params.id,
        request.query.messagesLimit,
        app.domain.inboxes.slaTargets(),
      );
      // A person opened it (a signed-in session, not an API token): the customer sees it read.
      if (request.sessionId) {
        await app.domain.inboxes.conversationOpened(request.params.id).catch((error: unknown) => {
          request.log.warn({ err: error }, 'read receipt not requested');
        });
      }
      return { success: true as const, data };
    },
  );

  app.get(
    '/api/conversations/:id/messages',
    {
      ...visible,
      schema: {
        params: conversationParamsSchema,
        querystring: listMessagesQuerySchema,
        response: { 200: listMessagesResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await messaging.messagesPage(
        request.params.id,
        request.query.before ?? null,
        request.query.limit,
      ),
    }),
  );

  // An operator's file: raw bytes in the body, in a plugin of its own (its body parser stays there).
  await app.register(sendMediaRoutes);

  app.post(
    '/api/conversations/:id/messages',
    {
      ...auth,
      ...guardConversation('params.id', 'conversation:reply'),
      schema: {
        params: conversationParamsSchema,
        body: sendMessageRequestSchema,
        response: { 200: sendMessageResponseSchema },
      },
    },
    async (request) => {
      await assertMayTakeOver(app, userOf(request), request.params.id, 'conversation:reply');
      const message = await messaging.appendOutbound(request.params.id, userOf(request), request.body);
      return { success: true as const, data: message, message: 'Mensagem enviada' };
    },
  );

  app.post(
    '/api/conversations/:conversationId/messages/:messageId/react',
    {
      ...auth,
      ...guardConversation('params.conversationId'),
      schema: { params: messageParamsSchema, body: reactRequestSchema, response: { 200: ackEnvelopeSchema } },
    },
    async (request) => {
      const { conversationId, messageId } = request.params;
      await messaging.react(conversationId, messageId, request.body.emoji);
      return { success: true as const, message: request.body.emoji ? 'Reação enviada' : 'Reação removida' };
    },
  );

  app.post(
    '/api/conversations/:id/takeover',
    {
      ...auth,
      ...guardConversation('params.id', 'conversation:takeover'),
      schema: { params: conversationParamsSchema, response: { 200: takeoverResponseSchema } },
    },
    async (request) => {
      await assertMayTakeOver(app, userOf(request), request.params.id);
      return {
        success: true as const,
        data: await messaging.changeHandler(request.params.id, takeOver(userOf(request))),
        message: 'Conversa assumida',
      };
    },
  );

  app.post(
    '/api/conversations/:id/handback',
    { ...visible, schema: { params: conversationParamsSchema, response: { 200: takeoverResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await messaging.changeHandler(request.params.id, handBack(userOf(request))),
      message: 'Conversa devolvida à IA',
    }),
  );
};
