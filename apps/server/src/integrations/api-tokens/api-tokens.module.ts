import type { FastifyInstance } from 'fastify';
import { apiTokensRepository } from './api-tokens.repository.js';
import { apiTokensRoutes } from './api-tokens.routes.js';
import { createTokenAuthenticator } from './token-authenticator.js';

/** API tokens: their admin routes, and the bearer check the auth plugin runs for `atd_…` tokens. */
export async function apiTokensModule(app: FastifyInstance): Promise<void> {
  const tokens = apiTokensRepository(app.db);
  app.setApiTokenAuthenticator(createTokenAuthenticator(app, tokens));
  await app.register(apiTokensRoutes(tokens));
}
