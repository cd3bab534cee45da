import { whatsappStatusResponseSchema } from '@atende/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ChannelUnavailableError } from '../../channels/channel.js';
import { AppError } from '../../lib/app-error.js';

/**
 * `GET /api/whatsapp/status` and `POST /api/reconnect-whatsapp` (the spec's single connection: the
 * first inbox), and `POST /api/whatsapp/logout` ("desconectar" on the card: unlinks that number, so
 * admins only). Every inbox has the same controls under `/api/inboxes/:id`.
 */
export const whatsappRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const schema = { response: { 200: whatsappStatusResponseSchema } };
  const primary = app.domain.channel;

  app.get('/api/whatsapp/status', { onRequest: app.authenticate, schema }, async () => ({
    success: true as const,
    data: primary.status(),
  }));

  app.post('/api/reconnect-whatsapp', { onRequest: app.authenticate, schema }, async (request) => {
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
