import {
  ackEnvelopeSchema,
  channelKindsResponseSchema,
  createInboxRequestSchema,
  inboxesResponseSchema,
  inboxListQuerySchema,
  inboxParamsSchema,
  inboxResponseSchema,
  pairingCodeRequestSchema,
  pairingCodeResponseSchema,
  updateInboxRequestSchema,
} from '@atende/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ChannelUnavailableError } from '../channels/channel.js';
import { AppError } from '../lib/app-error.js';
import { inboxesRepository } from './inboxes.repository.js';
import { inboxesService } from './inboxes.service.js';

function userOf(request: FastifyRequest) {
  if (!request.user) throw new AppError('UNAUTHORIZED', 'Não autenticado');
  return request.user;
}

/** A channel that cannot do it now (not connected, held by another instance) is a 503, not a 500. */
async function available<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ChannelUnavailableError) throw new AppError('CHANNEL_UNAVAILABLE', error.message);
    throw error;
  }
}

/**
 * `/api/inboxes`: every connected number. Listing is for everyone (an operator sees the inboxes open
 * to them); adding, changing, unlinking and removing are for admins. `/api/inbox-kinds` lists the
 * channel kinds of this installation and the settings each asks for.
 */
export const inboxesRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = inboxesService({
    db: app.db,
    repo: inboxesRepository(app.db),
    manager: app.domain.inboxes,
  });
  const admin = { onRequest: app.allow('inboxes:manage') };
  const auth = { onRequest: app.authenticate };
  const one = { params: inboxParamsSchema, response: { 200: inboxResponseSchema } };

  app.get(
    '/api/inbox-kinds',
    { ...admin, schema: { response: { 200: channelKindsResponseSchema } } },
    async () => ({
      success: true as const,
      data: await service.kinds(),
    }),
  );

  app.get(
    '/api/inboxes',
    { ...auth, schema: { querystring: inboxListQuerySchema, response: { 200: inboxesResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await service.list(userOf(request), { removed: request.query.removed }),
    }),
  );

  app.post(
    '/api/inboxes',
    { ...admin, schema: { body: createInboxRequestSchema, response: { 200: inboxResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await service.create(request.body, userOf(request)),
      message: 'Caixa de entrada adicionada',
    }),
  );

  app.patch(
    '/api/inboxes/:id',
    { ...admin, schema: { ...one, body: updateInboxRequestSchema } },
    async (request) => ({
      success: true as const,
      data: await service.update(request.params.id, request.body, userOf(request)),
      message: 'Caixa de entrada atualizada',
    }),
  );

  app.delete(
    '/api/inboxes/:id',
    { ...admin, schema: { params: inboxParamsSchema, response: { 200: ackEnvelopeSchema } } },
    async (request) => {
      await service.remove(request.params.id, userOf(request));
      return { success: true as const, message: 'Caixa de entrada removida' };
    },
  );

  app.post('/api/inboxes/:id/reconnect', { ...auth, schema: one }, async (request) => ({
    success: true as const,
    data: await available(() => service.reconnect(request.params.id, userOf(request))),
    message: 'Reconectando',
  }));

  app.post('/api/inboxes/:id/disconnect', { ...admin, schema: one }, async (request) => ({
    success: true as const,
    data: await available(() => service.disconnect(request.params.id, userOf(request))),
    message: 'Número desconectado',
  }));

  app.post(
    '/api/inboxes/:id/pairing-code',
    {
      ...admin,
      schema: {
        params: inboxParamsSchema,
        body: pairingCodeRequestSchema,
        response: { 200: pairingCodeResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: { code: await available(() => service.pairingCode(request.params.id, request.body.phone)) },
    }),
  );
};
