import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';

/**
 * @fastify/rate-limit, not applied globally: routes opt in (login uses `createRateLimit`).
 * Counters live in Redis when configured, so every process shares them.
 */
export const rateLimitPlugin = fp(
  async (app) => {
    await app.register(rateLimit, {
      global: false,
      ...(app.redis ? { redis: app.redis, nameSpace: `${app.config.redisPrefix}rate-limit:` } : {}),
      skipOnError: true,
    });
  },
  { name: 'atende-rate-limit', dependencies: ['atende-redis'] },
);
