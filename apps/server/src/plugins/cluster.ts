import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import fp from 'fastify-plugin';
import { createEventLoopLagMonitor } from '../lib/event-loop-lag.js';
import type { Cluster, ClusterInstance } from '../types.js';

/** How often each instance says it is alive (and how busy it is: sockets, heap, event-loop delay). */
export const HEARTBEAT_MS = 5_000;
/** An instance silent this long shows as not answering; twice as long, it leaves the list. */
export const SILENT_AFTER_MS = 3 * HEARTBEAT_MS;

/**
 * What the instances of one deployment share through Redis: who is alive (a heartbeat each, for the
 * health page) and claims, so that periodic work (the dashboard's live metrics, the health push) runs
 * on one instance per interval and reaches every dashboard through the realtime adapter. Without
 * Redis there is one instance: it is the list, and every claim is its own.
 */
export const clusterPlugin = fp(
  async (app) => {
    const name =
      app.config.instanceName ??
      (app.config.port
        ? `${hostname()}:${app.config.port}`
        : `${hostname()}-${randomBytes(3).toString('hex')}`);
    const startedAt = Date.now();
    const lag = createEventLoopLagMonitor();
    lag.start();
    // Boot (migrations, the first index build) is not the delay a user meets.
    app.addHook('onReady', async () => lag.reset());
    app.addHook('onClose', async () => lag.stop());
    const loopDelayMs = () => Math.round(lag.read() * 10) / 10;
    const self = (): ClusterInstance => ({
      name,
      sockets: app.realtime.connectedSockets(),
      heapMb: Math.round(process.memoryUsage().heapUsed / 1_048_576),
      loopDelayMs: loopDelayMs(),
      startedAt,
      seenAt: Date.now(),
    });
    const redis = app.redis;
    if (!redis) {
      const cluster: Cluster = {
        instanceName: name,
        loopDelayMs,
        claim: async () => true,
        instances: async () => [self()],
      };
      app.decorate('cluster', cluster);
      return;
    }

    const instancesKey = `${app.config.redisPrefix}instances`;
    const claimKey = (what: string) => `${app.config.redisPrefix}claim:${what}`;
    const beat = () =>
      redis
        .hset(instancesKey, name, JSON.stringify(self()))
        .catch((err: unknown) => app.log.warn({ err }, 'cluster heartbeat failed'));
    let timer: NodeJS.Timeout | null = null;

    const cluster: Cluster = {
      instanceName: name,
      loopDelayMs,
      async claim(what, ms) {
        try {
          return (await redis.set(claimKey(what), name, 'PX', ms, 'NX')) === 'OK';
        } catch (err) {
          // Redis unreachable: better the work done on every instance than on none.
          app.log.warn({ err, what }, 'cluster claim failed; running locally');
          return true;
        }
      },
      async instances() {
        const entries = await redis.hgetall(instancesKey);
        const at = Date.now();
        const live: ClusterInstance[] = [];
        const gone: string[] = [];
        for (const [key, value] of Object.entries(entries)) {
          const instance = JSON.parse(value) as ClusterInstance;
          if (at - instance.seenAt > 2 * SILENT_AFTER_MS) gone.push(key);
          else live.push(instance);
        }
        if (gone.length > 0) await redis.hdel(instancesKey, ...gone);
        return live.sort((a, b) => a.name.localeCompare(b.name));
      },
    };
    app.decorate('cluster', cluster);

    app.addHook('onReady', async () => {
      await beat();
      timer = setInterval(() => void beat(), HEARTBEAT_MS);
      timer.unref();
    });
    app.addHook('preClose', async () => {
      if (timer) clearInterval(timer);
      await redis.hdel(instancesKey, name).catch(() => undefined);
    });
  },
  { name: 'atende-cluster', dependencies: ['atende-redis', 'atende-realtime'] },
);
