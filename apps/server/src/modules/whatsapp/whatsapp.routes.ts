import { whatsappStatusResponseSchema } from '@atende/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** `GET /api/whatsapp/status` and `POST /api/reconnect-whatsapp` (spec §7), from the channel. */
export const whatsappRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const schema = { response: { 200: whatsappStatusResponseSchema } };

  app.get('/api/whatsapp/status', { onRequest: app.authenticate, schema }, async () => ({
    success: true as const,
    data: app.domain.channel.status(),
  }));

  app.post('/api/reconnect-whatsapp', { onRequest: app.authenticate, schema }, async (request) => {
    request.log.info({ user: request.user?.id }, 'whatsapp reconnect requested');
    await app.domain.channel.reconnect();
    return { success: true as const, data: app.domain.channel.status(), message: 'Reconectando WhatsApp' };
  });
};
