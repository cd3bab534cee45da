import { whatsappStatusResponseSchema } from '@atende/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { ChannelUnavailableError } from '../channel.js';
import type { HeldChannel } from './leased-channel.js';

const canLogout = (channel: unknown): channel is HeldChannel =>
  typeof (channel as Partial<HeldChannel>).logout === 'function';

/**
 * `POST /api/whatsapp/logout` ("desconectar"): unlinks the number for everyone, so admins only (as the
 * simulator's unpair). The device leaves the phone's list, its credentials are wiped, a new QR shows.
 */
export const whatsappLogoutRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/whatsapp/logout',
    { onRequest: app.requireAdmin, schema: { response: { 200: whatsappStatusResponseSchema } } },
    async (request) => {
      const channel = app.domain.channel;
      if (!canLogout(channel)) throw new AppError('CONFLICT', 'Disponível apenas no canal WhatsApp Web');
      request.log.info({ user: request.user?.id }, 'whatsapp logout requested');
      try {
        await channel.logout();
      } catch (error) {
        if (error instanceof ChannelUnavailableError)
          throw new AppError('CHANNEL_UNAVAILABLE', error.message);
        throw error;
      }
      return { success: true as const, data: channel.status(), message: 'Dispositivo desconectado' };
    },
  );
};
