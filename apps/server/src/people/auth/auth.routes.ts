import {
  APP_VERSION,
  ackEnvelopeSchema,
  DEMO_ADMIN,
  loginRequestSchema,
  loginResponseSchema,
  meResponseSchema,
  publicInfoResponseSchema,
} from '@atende/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordAudit } from '../../kernel/audit/audit.repository.js';
import { getSettings } from '../../kernel/settings/settings.service.js';
import { isAppError } from '../../lib/app-error.js';
import { now } from '../../lib/clock.js';
import { ensureAdmin } from '../users/users.service.js';
import { login } from './auth.service.js';
import { createLoginLimiter } from './login-limiter.js';
import { sessionsRepository } from './sessions.repository.js';

/** POST /api/auth/login, GET /api/auth/me, POST /api/auth/logout, GET /api/public/info. */
export const authRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const limiter = createLoginLimiter(fastify);
  const sessions = sessionsRepository(app.db);
  const admin = await ensureAdmin(app.db, app.config);
  if (admin) app.log.info({ email: admin.email }, 'admin account ready');

  app.post(
    '/api/auth/login',
    { schema: { body: loginRequestSchema, response: { 200: loginResponseSchema } } },
    async (request, reply) => {
      const policy = await getSettings(app.db, 'security-config');
      try {
        await limiter.assertAllowed(request, policy);
      } catch (error) {
        const retryAfter = (error as { retryAfterSeconds?: number }).retryAfterSeconds;
        if (retryAfter) void reply.header('retry-after', String(retryAfter));
        throw error;
      }
      try {
        const result = await login(app.db, request.body, {
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
        });
        request.log.info({ user: result.user.id, session: result.sessionId }, 'login');
        await recordAudit(app.db, {
          action: 'auth.login',
          actor: result.user,
          targetType: 'session',
          targetId: result.sessionId,
          ip: request.ip,
        });
        return {
          success: true as const,
          message: 'Login realizado com sucesso',
          data: { user: result.user, token: result.token, expiresAt: result.expiresAt },
        };
      } catch (error) {
        if (
          isAppError(error) &&
          (error.code === 'INVALID_CREDENTIALS' || error.code === 'ACCOUNT_DISABLED')
        ) {
          await limiter.recordFailure(request);
          request.log.warn({ ip: request.ip }, 'failed login');
          // Unknown e-mail and wrong password write the same row: no tell in the log or the timing.
          const disabled = error.code === 'ACCOUNT_DISABLED' ? { reason: 'Conta desativada' } : {};
          await recordAudit(app.db, {
            action: 'auth.login_failed',
            detail: { email: request.body.email.slice(0, 200), ...disabled },
            ip: request.ip,
          });
        }
        throw error;
      }
    },
  );

  app.get(
    '/api/auth/me',
    { onRequest: app.authenticate, schema: { response: { 200: meResponseSchema } } },
    async (request) => ({ success: true as const, data: request.user! }),
  );

  app.post(
    '/api/auth/logout',
    { onRequest: app.authenticate, schema: { response: { 200: ackEnvelopeSchema } } },
    async (request) => {
      const sessionId = request.sessionId!;
      await sessions.revoke(sessionId, now());
      await app.realtime.disconnectSession(sessionId);
      request.log.info({ user: request.user?.id, session: sessionId }, 'logout');
      await recordAudit(app.db, {
        action: 'auth.logout',
        actor: request.user,
        targetType: 'session',
        targetId: sessionId,
        ip: request.ip,
      });
      return { success: true as const, message: 'Logout realizado com sucesso' };
    },
  );

  app.get('/api/public/info', { schema: { response: { 200: publicInfoResponseSchema } } }, async () => ({
    success: true as const,
    data: {
      demo: app.config.demo,
      demoCredentials: app.config.demo ? { ...DEMO_ADMIN } : null,
      version: APP_VERSION,
      supportEmail: (await getSettings(app.db, 'admin-config')).supportEmail || null,
    },
  }));
};
