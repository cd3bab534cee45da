import { API_TOKEN_WRITE_SCOPES } from '@atende/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { recordAudit } from '../../kernel/audit/audit.repository.js';
import { AppError } from '../../lib/app-error.js';
import { now } from '../../lib/clock.js';
import type { AuthUser } from '../../types.js';
import type { ApiTokensRepository } from './api-tokens.repository.js';
import { scopeForRoute } from './public-routes.js';

/** Calls per token per minute (on every instance together when Redis is configured). */
export const API_TOKEN_RATE_LIMIT = 120;
export const TOKEN_FORBIDDEN = 'Este token de API não tem permissão para esta rota';

/**
 * Authenticates a bearer that is an API token, for the auth plugin: the token must exist and not be
 * revoked, its creator must still be an active user, the route must be public and need a scope the
 * token has (else 403), and the token must be under its rate limit (else 429). A write scope's every
 * use is audited. The token acts as its creator would now through the public routes (their current
 * role, so a demoted creator's token sees and sends only what they may), under its own name.
 */
export function createTokenAuthenticator(app: FastifyInstance, tokens: ApiTokensRepository) {
  const tokenOf = new WeakMap<FastifyRequest, string>();
  const limiter = app.createRateLimit({
    keyGenerator: (request) => `api-token:${tokenOf.get(request) ?? 'unknown'}`,
    max: API_TOKEN_RATE_LIMIT,
    timeWindow: 60_000,
  });

  return async (bearer: string, request: FastifyRequest, reply: FastifyReply): Promise<AuthUser> => {
    const token = await tokens.findActive(bearer);
    if (!token?.creator) throw new AppError('UNAUTHORIZED', 'Token inválido ou expirado');
    const scope = scopeForRoute(request.method, request.routeOptions.url);
    if (!scope || !token.scopes.includes(scope)) throw new AppError('FORBIDDEN', TOKEN_FORBIDDEN);
    tokenOf.set(request, token.id);
    const limit = await limiter(request);
    if (!limit.isAllowed && limit.isExceeded) {
      void reply.header('retry-after', String(limit.ttlInSeconds));
      throw Object.assign(new AppError('RATE_LIMITED'), { retryAfterSeconds: limit.ttlInSeconds });
    }
    await tokens.touch(token, now());
    const user: AuthUser = {
      id: token.creator.id,
      name: `${token.name} (API)`,
      email: token.creator.email,
      role: token.creator.role,
      avatar: null,
    };
    if (API_TOKEN_WRITE_SCOPES.includes(scope)) {
      await recordAudit(app.db, {
        action: 'api_token.use',
        actor: { id: user.id, name: user.name },
        targetType: 'api_token',
        targetId: token.id,
        detail: { scope, route: `${request.method} ${request.routeOptions.url}` },
        ip: request.ip,
      });
    }
    return user;
  };
}
