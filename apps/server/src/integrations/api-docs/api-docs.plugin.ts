import { API_TOKEN_SCOPES } from '@atende/contracts';
import swagger from '@fastify/swagger';
import scalar from '@scalar/fastify-api-reference';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { scopeForRoute } from '../api-tokens/public-routes.js';
import { apiDocsPage, apiDocsScript } from './api-docs-page.js';
import { webhookEventsDocument } from './webhook-events-document.js';

const DESCRIPTION = [
  'A API pública do Atende. Autentique com um token criado em **Integrações › Tokens de API**:',
  '`Authorization: Bearer atd_…`. Cada rota exige uma permissão do token; fora delas a resposta é 403.',
  'Limite: 120 chamadas por minuto por token (429 com `Retry-After`).',
  'Respostas: `{ "success": true, "data": … }` ou `{ "success": false, "message": "…", "code": "…" }`.',
].join('\n\n');

/**
 * The public API's OpenAPI 3.1 document, generated from the routes' zod schemas (only the routes an
 * API token may call, each with the scope it needs) plus the webhook events, at
 * `/api/docs/openapi.json`; an interactive reference (Scalar) at `/api/docs`. Registered before the
 * routes, so it sees each one as it is added.
 */
export const apiDocsPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title: 'Atende — API pública', version: '1.0.0', description: DESCRIPTION },
        components: {
          securitySchemes: {
            apiToken: { type: 'http', scheme: 'bearer', description: 'Token de API (atd_…)' },
          },
        },
        security: [{ apiToken: [] }],
        tags: Object.values(API_TOKEN_SCOPES).map((name) => ({ name })),
        webhooks: webhookEventsDocument(),
      },
      transform: (input) => {
        const method = Array.isArray(input.route.method) ? input.route.method[0] : input.route.method;
        const scope = scopeForRoute(String(method), input.url);
        if (!scope) return { schema: { hide: true }, url: input.url };
        const transformed = jsonSchemaTransform(input);
        return {
          url: transformed.url,
          schema: {
            ...transformed.schema,
            tags: [API_TOKEN_SCOPES[scope]],
            description: `Permissão do token: \`${scope}\` (${API_TOKEN_SCOPES[scope]}).`,
          },
        };
      },
    });

    app.get('/api/docs/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    app.get('/api/docs', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(apiDocsPage),
    );
    app.get('/api/docs/init.js', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('application/javascript; charset=utf-8').send(apiDocsScript),
    );
    // Scalar's bundle only: its own page starts the reference with an inline script, which the
    // Content-Security-Policy refuses, so that page sends the browser to ours.
    await app.register(scalar, {
      routePrefix: '/api/docs/scalar',
      configuration: { url: '/api/docs/openapi.json' },
      hooks: {
        onRequest: async (request, reply) => {
          if (!request.url.includes('/js/')) await reply.redirect('/api/docs');
        },
      },
    });
  },
  { name: 'atende-api-docs' },
);
