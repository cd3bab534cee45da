import {
  ackEnvelopeSchema,
  changePasswordRequestSchema,
  meResponseSchema,
  revokedSessionsResponseSchema,
  sessionIdParamsSchema,
  sessionsResponseSchema,
  updateProfileRequestSchema,
  uploadAvatarRequestSchema,
  userIdParamsSchema,
} from '@atende/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { profileService } from './profile.service.js';

/** /api/profile…: the signed-in user's own account (any role); /api/avatars/:id serves uploaded avatars. */
export const profileRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const profile = profileService(app.db, async (ids) => {
    await Promise.all(ids.map((id) => app.realtime.disconnectSession(id)));
  });

  app.patch(
    '/api/profile',
    {
      onRequest: app.authenticate,
      schema: { body: updateProfileRequestSchema, response: { 200: meResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      message: 'Perfil atualizado com sucesso',
      data: await profile.update(request.user!.id, request.body),
    }),
  );

  app.post(
    '/api/profile/avatar',
    {
      onRequest: app.authenticate,
      schema: { body: uploadAvatarRequestSchema, response: { 200: meResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      message: 'Foto atualizada com sucesso',
      data: await profile.uploadAvatar(request.user!.id, request.body.data),
    }),
  );

  // Public like any image URL (an <img> sends no bearer token); ids are unguessable UUIDs.
  app.get('/api/avatars/:id', { schema: { params: userIdParamsSchema } }, async (request, reply) => {
    const avatar = await profile.readAvatar(request.params.id);
    if (!avatar) throw new AppError('NOT_FOUND', 'Imagem não encontrada');
    return reply
      .header('content-type', avatar.mime)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .header('cache-control', 'private, max-age=86400')
      .send(avatar.bytes);
  });

  app.post(
    '/api/profile/password',
    {
      onRequest: app.authenticate,
      schema: { body: changePasswordRequestSchema, response: { 200: ackEnvelopeSchema } },
    },
    async (request) => {
      await profile.changeOwnPassword(request.user!.id, request.sessionId!, request.body);
      request.log.info({ user: request.user?.id }, 'password changed');
      return { success: true as const, message: 'Senha alterada; suas outras sessões foram encerradas' };
    },
  );

  app.get(
    '/api/profile/sessions',
    { onRequest: app.authenticate, schema: { response: { 200: sessionsResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await profile.listSessions(request.user!.id, request.sessionId!),
    }),
  );

  app.delete(
    '/api/profile/sessions/:id',
    {
      onRequest: app.authenticate,
      schema: { params: sessionIdParamsSchema, response: { 200: ackEnvelopeSchema } },
    },
    async (request) => {
      await profile.revokeSession(request.user!.id, request.params.id);
      return { success: true as const, message: 'Sessão encerrada' };
    },
  );

  app.post(
    '/api/profile/sessions/revoke-others',
    { onRequest: app.authenticate, schema: { response: { 200: revokedSessionsResponseSchema } } },
    async (request) => {
      const revoked = await profile.revokeOtherSessions(request.user!.id, request.sessionId!);
      return { success: true as const, message: 'Outras sessões encerradas', data: { revoked } };
    },
  );
};
