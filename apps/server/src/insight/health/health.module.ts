import { systemHealthResponseSchema } from '@atende/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { runHealthChecks } from './health-checks.js';

/** How often `system:health` is pushed to the dashboard room. */
export const HEALTH_PUSH_INTERVAL_MS = 15_000;

/** GET /api/health (liveness, public), GET /api/dashboard/health, and the periodic `system:health` push. */
export const healthModule: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // For load balancers and `npm run test:production`: the process serves HTTP. Reveals nothing else.
  app.get('/api/health', async () => ({ success: true as const }));

  app.get(
    '/api/dashboard/health',
    { onRequest: app.authenticate, schema: { response: { 200: systemHealthResponseSchema } } },
    async () => ({ success: true as const, data: await runHealthChecks(fastify) }),
  );

  let timer: NodeJS.Timeout | null = null;
  let running = false;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      // Alone, nobody connected means nobody to tell; in a cluster one instance pushes per interval
      // (to every instance's dashboards), its health list naming every instance.
      if (running || (!fastify.redis && fastify.realtime.connectedSockets() === 0)) return;
      running = true;
      fastify.cluster
        .claim('health', HEALTH_PUSH_INTERVAL_MS - 1000)
        .then(async (claimed) => {
          if (claimed) fastify.realtime.toDashboard('system:health', await runHealthChecks(fastify));
        })
        .catch((err) => fastify.log.error({ err }, 'health push failed'))
        .finally(() => {
          running = false;
        });
    }, HEALTH_PUSH_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
};
