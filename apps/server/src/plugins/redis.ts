import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

/** Every connection of ours: connects on first use, gives a command up after two retries. */
export const REDIS_OPTIONS = { lazyConnect: true, maxRetriesPerRequest: 2 } as const;

/** Connects to Redis when REDIS_URL is set; decorates `redis` (null otherwise). */
export const redisPlugin = fp(
  async (app) => {
    const url = app.config.redisUrl;
    if (!url) {
      app.decorate('redis', null);
      return;
    }
    const redis = new Redis(url, REDIS_OPTIONS);
    redis.on('error', (err) => app.log.warn({ err }, 'redis error'));
    await redis.connect();
    app.decorate('redis', redis);
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  },
  { name: 'atende-redis' },
);
