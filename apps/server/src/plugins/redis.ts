import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

/** Connects to Redis when REDIS_URL is set; decorates `redis` (null otherwise). */
export const redisPlugin = fp(
  async (app) => {
    const url = app.config.redisUrl;
    if (!url) {
      app.decorate('redis', null);
      return;
    }
    const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
    redis.on('error', (err) => app.log.warn({ err }, 'redis error'));
    await redis.connect();
    app.decorate('redis', redis);
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  },
  { name: 'atende-redis' },
);
