import type { ServerToClientEvents, SystemMetrics } from '@atende/contracts';
import type { FastifyInstance } from 'fastify';
import { settingsTimeZone } from '../../kernel/time/time-zone.js';
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
/**
 * A data-driven push also waits this many times as long as the last computation took: the figures
 * take at most about a tenth of the database's time, however loaded it is (its queries scan today's
 * messages, and under heavy ingest they slow down as the writes they compete with pile up).
 */
export const METRICS_COST_FACTOR = 10;

/** Time between data-driven pushes after a computation that took `lastCostMs`. */
export function changePushGap(lastCostMs: number): number {
  return Math.max(METRICS_MIN_GAP_MS, lastCostMs * METRICS_COST_FACTOR);
}

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
  const zone = await settingsTimeZone(app.db);
  const [stats, charts] = await Promise.all([
    computeDashboardStats(app.readDb, at, zone, schedule),
    computeDashboardCharts(app.readDb, at, zone, cache, schedule),
  ]);
  return { stats, charts };
}

export interface LiveMetrics {
  /** Schedules a push soon (throttled); call after data changes. */
  notifyChange(): void;
  /**
   * Computes and pushes now (unless nobody is connected), if no other instance has in this interval:
   * `periodic` pushes once per METRICS_INTERVAL_MS, `change` once per METRICS_MIN_GAP_MS, across them all.
   */
  pushNow(kind?: 'change' | 'periodic'): Promise<void>;
  /** Stops the timers, restores `app.realtime`, and waits for a computation in flight. */
  stop(): Promise<void>;
}

/**
 * Pushes `{stats, charts}` every 10 s and, throttled to once a second (longer when computing them
 * is slow, see METRICS_COST_FACTOR), soon after any realtime event that reflects a data change. It
 * listens by wrapping `app.realtime` (every committed change the domain announces passes through
 * it), so no module has to remember to call it.
 *
 * With several instances (Redis), each push is claimed first: one instance computes per interval and
 * its push reaches every instance's dashboards through the realtime adapter. A change whose push was
 * claimed by another instance is pushed again after the gap, unless that push already came after it.
 */
export function startLiveMetrics(app: FastifyInstance): LiveMetrics {
  let lastPush = 0;
  let lastCostMs = 0;
  let scheduled: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let dirty = false;
  let stopped = false;
  const cache = new ClosedBucketCache();

  async function pushNow(kind: 'change' | 'periodic' = 'change'): Promise<void> {
    // Alone, nobody connected means nobody to tell; in a cluster the dashboards may be elsewhere.
    if (stopped || (!app.redis && app.realtime.connectedSockets() === 0)) return;
    if (running) {
      dirty = true;
      return running;
    }
    lastPush = Date.now();
    const gap = kind === 'periodic' ? METRICS_INTERVAL_MS - METRICS_MIN_GAP_MS : METRICS_MIN_GAP_MS;
    running = app.cluster
      .claim(`metrics:${kind}`, gap)
      .then(async (claimed) => {
        if (!claimed) {
          // Another instance pushes in this gap, maybe from before this change: try again after it.
          if (kind === 'change') dirty = true;
          return;
        }
        const started = performance.now();
        const metrics = await computeSystemMetrics(app, cache);
        lastCostMs = performance.now() - started;
        if (stopped) return;
        // The whole business's figures; dashboards limited to some inboxes are told to refetch theirs.
        app.realtime.toDashboard('system:metrics', metrics);
        app.realtime.toDashboard('metrics:changed', {});
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
    const wait = Math.max(METRICS_COALESCE_MS, lastPush + changePushGap(lastCostMs) - Date.now());
    scheduled = setTimeout(() => {
      scheduled = null;
      void pushNow();
    }, wait);
    scheduled.unref();
  }

  const stopObserving = app.realtime.onEmit((event) => {
    if (DATA_EVENTS.has(event)) notifyChange();
  });

  const periodic = setInterval(() => void pushNow('periodic'), METRICS_INTERVAL_MS);
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
