import { type WhatsappStatus, whatsappStatusResponseSchema } from '@atende/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ChannelUnavailableError } from '../../channels/channel.js';
import { AppError } from '../../lib/app-error.js';
import { inboxesRepository } from '../inboxes.repository.js';
import { inboxesService } from '../inboxes.service.js';

/**
 * `GET /api/whatsapp/status` and `POST /api/reconnect-whatsapp` (the spec's single connection: the
 * first inbox), and `POST /api/whatsapp/logout` ("desconectar" on the card: unlinks that number, so
 * admins only). Every inbox has the same controls under `/api/inboxes/:id`.
 */
export const whatsappRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const schema = { response: { 200: whatsappStatusResponseSchema } };
  const primary = app.domain.channel;
  const inboxes = inboxesService({
    db: app.db,
    repo: inboxesRepository(app.db),
    manager: app.domain.inboxes,
  });
  /** Whether the signed-in person may see the first inbox (the per-inbox rule of `/api/inboxes`). */
  const seesPrimary = async (request: FastifyRequest) => {
    const id = app.domain.inboxes.primary()?.id;
    return !id || !request.user || (await inboxes.mayUse(request.user, id));
  };
  /** Someone the number is closed to learns its state, not its QR, pairing code or phone. */
  const statusFor = async (request: FastifyRequest): Promise<WhatsappStatus> => {
    await app.domain.inboxes.refreshStatuses(app.domain.inboxes.primary()?.id);
    const status = primary.status();
    return (await seesPrimary(request)) ? status : { ...status, qr: null, pairingCode: null, phone: null };
  };

  app.get('/api/whatsapp/status', { onRequest: app.authenticate, schema }, async (request) => ({
    success: true as const,
    data: await statusFor(request),
  }));

  app.post('/api/reconnect-whatsapp', { onRequest: app.authenticate, schema }, async (request) => {
    if (!(await seesPrimary(request))) throw new AppError('NOT_FOUND', 'Caixa de entrada não encontrada');
    request.log.info({ user: request.user?.id }, 'whatsapp reconnect requested');
    await unavailableAsConflict(() => primary.reconnect());
    return { success: true as const, data: primary.status(), message: 'Reconectando WhatsApp' };
  });

  app.post('/api/whatsapp/logout', { onRequest: app.allow('whatsapp:manage'), schema }, async (request) => {
    request.log.info({ user: request.user?.id }, 'whatsapp logout requested');
    const done = await unavailableAsConflict(() => primary.logout());
    if (!done) throw new AppError('CONFLICT', 'Disponível apenas no canal WhatsApp Web');
    return { success: true as const, data: primary.status(), message: 'Dispositivo desconectado' };
  });
};

async function unavailableAsConflict<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ChannelUnavailableError) throw new AppError('CHANNEL_UNAVAILABLE', error.message);
    throw error;
  }
}
