import type { ServerToClientEvents, SystemMetrics } from '@atende/contracts';
import type { FastifyInstance } from 'fastify';
import { now } from '../../lib/clock.js';
import { oneTurnEach } from '../../lib/one-at-a-time.js';
import { ClosedBucketCache } from '../analytics/closed-bucket-cache.js';
import { computeDashboardCharts, computeDashboardStats } from '../analytics/dashboard-metrics.js';

/** Periodic push of `system:metrics` to the dashboard room. */
export const METRICS_INTERVAL_MS = 10_000;
/** At most one data-driven push per this interval. */
export const METRICS_MIN_GAP_MS = 1_000;
/** Quiet time after a change before computing, so a burst of events costs one push. */
export const METRICS_COALESCE_MS = 50;

/** Events that mean the figures may have changed (messages, statuses, activities, conversations). */
const DATA_EVENTS = new Set<keyof ServerToClientEvents>([
  'conversations:newMessage',
  'newMessage',
  'conversations:statusUpdate',
  'analytics:update',
  'conversation:updated',
  'conversation:handler',
]);

export async function computeSystemMetrics(
  app: FastifyInstance,
  cache?: ClosedBucketCache,
): Promise<SystemMetrics> {
  const at = now();
  // A push is background work. On the server's SQLite its queries run on the read replica's thread;
  // where `readDb` is the main connection (PostgreSQL pool, in-memory SQLite) they take turns with
  // incoming requests.
  const schedule = oneTurnEach();
  const [stats, charts] = await Promise.all([
    computeDashboardStats(app.readDb, at, schedule),
    computeDashboardCharts(app.readDb, at, cache, schedule),
  ]);
  return { stats, charts };
}

export interface LiveMetrics {
  /** Schedules a push soon (throttled); call after data changes. */
  notifyChange(): void;
  /** Computes and pushes now (unless nobody is connected). */
  pushNow(): Promise<void>;
  /** Stops the timers, restores `app.realtime`, and waits for a computation in flight. */
  stop(): Promise<void>;
}

/**
 * Pushes `{stats, charts}` every 10 s and, throttled to once a second, soon after any realtime
 * event that reflects a data change. It listens by wrapping `app.realtime` (every committed change
 * the domain announces passes through it), so no module has to remember to call it.
 */
export function startLiveMetrics(app: FastifyInstance): LiveMetrics {
  let lastPush = 0;
  let scheduled: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let dirty = false;
  let stopped = false;
  const cache = new ClosedBucketCache();

  async function pushNow(): Promise<void> {
    if (stopped || app.realtime.connectedSockets() === 0) return;
    if (running) {
      dirty = true;
      return running;
    }
    lastPush = Date.now();
    running = computeSystemMetrics(app, cache)
      .then((metrics) => {
        if (!stopped) app.realtime.toDashboard('system:metrics', metrics);
      })
      .catch((err: unknown) => app.log.warn({ err }, 'system:metrics computation failed'))
      .finally(() => {
        running = null;
        if (dirty) {
          dirty = false;
          notifyChange();
        }
      });
    return running;
  }

  function notifyChange(): void {
    if (stopped || scheduled) return;
    const wait = Math.max(METRICS_COALESCE_MS, lastPush + METRICS_MIN_GAP_MS - Date.now());
    scheduled = setTimeout(() => {
      scheduled = null;
      void pushNow();
    }, wait);
    scheduled.unref();
  }

  const stopObserving = app.realtime.onEmit((event) => {
    if (DATA_EVENTS.has(event)) notifyChange();
  });

  const periodic = setInterval(() => void pushNow(), METRICS_INTERVAL_MS);
  periodic.unref();

  return {
    notifyChange,
    pushNow,
    async stop() {
      stopped = true;
      clearInterval(periodic);
      if (scheduled) clearTimeout(scheduled);
      scheduled = null;
      stopObserving();
      await running;
    },
  };
}
