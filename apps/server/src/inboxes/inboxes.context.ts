import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { businessHoursRoutes } from './business-hours.routes.js';
import { templatesRoutes } from './channel-bridge/templates.routes.js';
import { whatsappRoutes } from './channel-bridge/whatsapp.routes.js';
import { inboxesRoutes } from './inboxes.routes.js';

function registerHealthCheck(app: FastifyInstance): void {
  const { inboxes, channel } = app.domain;
  app.healthChecks.register('WhatsApp', async () => {
    const statuses = inboxes.statuses();
    if (statuses.length > 1) {
      const connected = statuses.filter((s) => s.connected).length;
      const detail = `${connected} de ${statuses.length} números conectados`;
      if (connected === statuses.length) return { status: 'operational', responseTime: null, detail };
      return { status: connected > 0 ? 'degraded' : 'error', responseTime: null, detail };
    }
    const status = channel.status();
    if (status.connected)
      return { status: 'operational', responseTime: null, detail: `Conectado (${status.channel})` };
    if (status.state === 'qr')
      return { status: 'degraded', responseTime: null, detail: 'Aguardando leitura do QR Code' };
    if (status.state === 'connecting')
      return { status: 'degraded', responseTime: null, detail: 'Conectando' };
    return { status: 'error', responseTime: null, detail: 'Desconectado' };
  });
}

/**
 * Inboxes: each connected number, the manager that runs a channel per inbox (its send queue, media
 * downloads, read receipts: the channel bridge), the WhatsApp status routes, and each channel
 * kind's own routes (a provider's webhook, pairing controls).
 */
export const inboxesContext = fp(
  async (app) => {
    const { inboxes } = app.domain;
    await app.register(whatsappRoutes);
    await app.register(inboxesRoutes);
    await app.register(businessHoursRoutes);
    await app.register(templatesRoutes(inboxes));
    for (const kind of inboxes.kinds().values()) {
      if (kind.routes) await app.register(kind.routes(inboxes.runningOf(kind.kind), inboxes.sharedContext()));
    }
    registerHealthCheck(app);
  },
  { name: 'atende-inboxes', dependencies: ['atende-domain', 'atende-health-checks'] },
);
