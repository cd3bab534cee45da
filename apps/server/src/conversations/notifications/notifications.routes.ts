import {
  ackEnvelopeSchema,
  markNotificationsReadRequestSchema,
  notificationsResponseSchema,
} from '@atende/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { scopedReadModel, scopeOf } from '../visibility/route-access.js';
import { type AdminNotices, notificationsService } from './notifications.service.js';

/** GET /api/notifications (the signed-in user's), POST /api/notifications/read. */
export const notificationsRoutes: FastifyPluginAsync<{ adminNotices: AdminNotices }> = async (
  fastify,
  options,
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const notifications = notificationsService(app, options.adminNotices);
  app.get(
    '/api/notifications',
    {
      onRequest: app.authenticate,
      ...scopedReadModel,
      schema: { response: { 200: notificationsResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      data: await notifications.list(request.user!, scopeOf(request)),
    }),
  );
  app.post(
    '/api/notifications/read',
    {
      onRequest: app.authenticate,
      ...scopedReadModel,
      schema: { body: markNotificationsReadRequestSchema, response: { 200: ackEnvelopeSchema } },
    },
    async (request) => {
      await notifications.markRead(request.user!, scopeOf(request), request.body.ids);
      return { success: true as const, message: 'Notificações marcadas como lidas' };
    },
  );
};
