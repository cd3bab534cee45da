import {
  ackEnvelopeSchema,
  createUserRequestSchema,
  resetPasswordRequestSchema,
  updateUserRequestSchema,
  userIdParamsSchema,
  userResponseSchema,
  usersResponseSchema,
} from '@atende/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordAudit } from '../../kernel/audit/audit.repository.js';
import { usersAdminService } from './users-admin.service.js';

/** /api/users: the team, managed by admins only (operators get 403 on every route). */
export const usersRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const users = usersAdminService(app.db, app.dbHandle.kind, {
    disconnectSessions: async (ids) => {
      await Promise.all(ids.map((id) => app.realtime.disconnectSession(id)));
    },
    disconnectUser: async (userId) => {
      const ids = await app.db
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
      await Promise.all(ids.map(({ id }) => app.realtime.disconnectSession(id)));
    },
  });

  app.get(
    '/api/users',
    { onRequest: app.allow('team:manage'), schema: { response: { 200: usersResponseSchema } } },
    async () => ({ success: true as const, data: await users.list() }),
  );

  app.post(
    '/api/users',
    {
      onRequest: app.allow('team:manage'),
      schema: { body: createUserRequestSchema, response: { 200: userResponseSchema } },
    },
    async (request) => {
      const user = await users.create(request.body);
      request.log.info({ user: user.id, by: request.user?.id }, 'user created');
      await recordAudit(app.db, {
        action: 'user.create',
        actor: request.user,
        targetType: 'user',
        targetId: user.id,
        detail: { email: user.email, role: user.role },
        ip: request.ip,
      });
      return { success: true as const, message: 'Usuário criado com sucesso', data: user };
    },
  );

  app.patch(
    '/api/users/:id',
    {
      onRequest: app.allow('team:manage'),
      schema: {
        params: userIdParamsSchema,
        body: updateUserRequestSchema,
        response: { 200: userResponseSchema },
      },
    },
    async (request) => {
      const user = await users.update(request.params.id, request.body, request.user!.id);
      request.log.info({ user: user.id, by: request.user?.id, change: request.body }, 'user updated');
      const { disabled } = request.body;
      await recordAudit(app.db, {
        action: disabled === true ? 'user.disable' : disabled === false ? 'user.enable' : 'user.update',
        actor: request.user,
        targetType: 'user',
        targetId: user.id,
        detail: {
          fields: Object.keys(request.body),
          ...(request.body.role ? { role: request.body.role } : {}),
        },
        ip: request.ip,
      });
      return { success: true as const, message: 'Usuário atualizado com sucesso', data: user };
    },
  );

  app.post(
    '/api/users/:id/password',
    {
      onRequest: app.allow('team:manage'),
      schema: {
        params: userIdParamsSchema,
        body: resetPasswordRequestSchema,
        response: { 200: ackEnvelopeSchema },
      },
    },
    async (request) => {
      await users.resetPassword(request.params.id, request.body.password, request.sessionId);
      request.log.info({ user: request.params.id, by: request.user?.id }, 'password reset');
      await recordAudit(app.db, {
        action: 'user.password',
        actor: request.user,
        targetType: 'user',
        targetId: request.params.id,
        ip: request.ip,
      });
      return { success: true as const, message: 'Senha redefinida; as sessões do usuário foram encerradas' };
    },
  );
};
