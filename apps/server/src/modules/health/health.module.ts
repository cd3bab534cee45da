import { systemHealthResponseSchema } from '@atende/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createEventLoopLagMonitor } from './event-loop-lag.js';
import { runHealthChecks } from './health-checks.js';

/** How often `system:health` is pushed to the dashboard room. */
export const HEALTH_PUSH_INTERVAL_MS = 15_000;

/** GET /api/health (liveness, public), GET /api/dashboard/health, and the periodic `system:health` push. */
export const healthModule: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const lag = createEventLoopLagMonitor();
  lag.start();

  // For load balancers and `npm run test:production`: the process serves HTTP. Reveals nothing else.
  app.get('/api/health', async () => ({ success: true as const }));

  app.get(
    '/api/dashboard/health',
    { onRequest: app.authenticate, schema: { response: { 200: systemHealthResponseSchema } } },
    async () => ({ success: true as const, data: await runHealthChecks(fastify, lag) }),
  );

  let timer: NodeJS.Timeout | null = null;
  let running = false;
  app.addHook('onReady', async () => {
    lag.reset();
    timer = setInterval(() => {
      if (running || fastify.realtime.connectedSockets() === 0) return;
      running = true;
      runHealthChecks(fastify, lag)
        .then((health) => fastify.realtime.toDashboard('system:health', health))
        .catch((err) => fastify.log.error({ err }, 'health push failed'))
        .finally(() => {
          running = false;
        });
    }, HEALTH_PUSH_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    lag.stop();
  });
};
