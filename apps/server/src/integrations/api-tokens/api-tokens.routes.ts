import {
  apiTokenParamsSchema,
  apiTokenResponseSchema,
  apiTokensResponseSchema,
  createApiTokenRequestSchema,
  createdApiTokenResponseSchema,
} from '@atende/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordAudit } from '../../kernel/audit/audit.repository.js';
import { AppError } from '../../lib/app-error.js';
import type { ApiTokensRepository } from './api-tokens.repository.js';

/** /api/integrations/api-tokens (admins only): list, create (the token is in that answer only), revoke. */
export function apiTokensRoutes(tokens: ApiTokensRepository): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const admin = { onRequest: app.allow('integrations:manage') };

    app.get(
      '/api/integrations/api-tokens',
      { ...admin, schema: { response: { 200: apiTokensResponseSchema } } },
      async () => ({ success: true as const, data: await tokens.list() }),
    );

    app.post(
      '/api/integrations/api-tokens',
      {
        ...admin,
        schema: { body: createApiTokenRequestSchema, response: { 200: createdApiTokenResponseSchema } },
      },
      async (request) => {
        const user = request.user;
        if (!user) throw new AppError('UNAUTHORIZED');
        const created = await tokens.create({ ...request.body, creator: user });
        await recordAudit(app.db, {
          action: 'api_token.create',
          actor: user,
          targetType: 'api_token',
          targetId: created.apiToken.id,
          detail: { name: created.apiToken.name, scopes: created.apiToken.scopes },
          ip: request.ip,
        });
        return {
          success: true as const,
          message: 'Token criado. Copie-o agora: ele não será mostrado de novo.',
          data: created,
        };
      },
    );

    app.delete(
      '/api/integrations/api-tokens/:id',
      { ...admin, schema: { params: apiTokenParamsSchema, response: { 200: apiTokenResponseSchema } } },
      async (request) => {
        const revoked = await tokens.revoke(request.params.id);
        if (!revoked) throw new AppError('NOT_FOUND', 'Token não encontrado ou já revogado');
        await recordAudit(app.db, {
          action: 'api_token.revoke',
          actor: request.user,
          targetType: 'api_token',
          targetId: revoked.id,
          detail: { name: revoked.name },
          ip: request.ip,
        });
        return { success: true as const, message: 'Token revogado', data: revoked };
      },
    );
  };
}
