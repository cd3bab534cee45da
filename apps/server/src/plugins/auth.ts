import { API_TOKEN_PREFIX } from '@atende/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.js';
import { now } from '../lib/clock.js';
import type { ApiTokenAuthenticator, SessionLookup } from '../types.js';

/** The bearer token of a request, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S{1,200})$/i.exec(header.trim());
  return match?.[1] ?? null;
}

export interface AuthPluginOptions {
  /** The sessions behind bearer tokens (people/auth's, passed in by app.ts). */
  sessions: SessionLookup;
}

/**
 * Decorates `authenticate`, `sessions` (for the realtime plugin's sockets), and
 * `request.user` / `request.sessionId`. A bearer starting `atd_` is an API token: checked by what
 * `setApiTokenAuthenticator` registered (no session).
 */
export const authPlugin = fp<AuthPluginOptions>(
  async (app, { sessions }) => {
    app.decorate('sessions', sessions);
    app.decorateRequest('user', null);
    app.decorateRequest('sessionId', null);

    // API tokens are the domain's (integrations/api-tokens registers how to check them).
    let apiTokens: ApiTokenAuthenticator | null = null;

    async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const token = bearerToken(request);
      if (!token) throw new AppError('UNAUTHORIZED', 'Token de autenticação não encontrado');
      if (token.startsWith(API_TOKEN_PREFIX)) {
        if (!apiTokens) throw new AppError('UNAUTHORIZED', 'Token inválido ou expirado');
        request.user = await apiTokens(token, request, reply);
        return;
      }
      const at = now();
      const session = await sessions.findActive(token, at);
      if (!session) throw new AppError('UNAUTHORIZED', 'Token inválido ou expirado');
      request.user = session.user;
      request.sessionId = session.id;
      await sessions.touch(session, at);
    }

    app.decorate('authenticate', authenticate);
    app.decorate('setApiTokenAuthenticator', (authenticator: ApiTokenAuthenticator) => {
      apiTokens = authenticator;
    });
  },
  { name: 'atende-auth' },
);
