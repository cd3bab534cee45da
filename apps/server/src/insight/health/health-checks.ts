import type { SystemCheck, SystemHealth, SystemStatus } from '@atende/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { now, toIso } from '../../lib/clock.js';
import { SILENT_AFTER_MS } from '../../plugins/cluster.js';
import type { ClusterInstance, HealthCheckResult } from '../../types.js';
import { summarize } from './health-status.js';

export const CHECK_TIMEOUT_MS = 3000;
export const DATABASE_CHECK = 'Banco de dados';
/** The event loop's delay, in words an admin reads. */
const SERVER_LAG_CHECK = 'Agilidade do servidor';

/** Event-loop delay thresholds (ms). */
export const LAG_DEGRADED_MS = 100;
export const LAG_ERROR_MS = 500;
const SLOW_ROUND_TRIP_MS = 250;

const rounded = (ms: number) => Math.round(ms * 10) / 10;
const lagStatus = (ms: number): SystemStatus =>
  ms > LAG_ERROR_MS ? 'error' : ms > LAG_DEGRADED_MS ? 'degraded' : 'operational';

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return rounded(performance.now() - started);
}

function withTimeout(check: () => Promise<HealthCheckResult>): Promise<HealthCheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<HealthCheckResult>((resolve) => {
    timer = setTimeout(
      () => resolve({ status: 'error', responseTime: null, detail: 'Tempo esgotado' }),
      CHECK_TIMEOUT_MS,
    );
  });
  return Promise.race([
    check().catch(
      (err: unknown): HealthCheckResult => ({
        status: 'error',
        responseTime: null,
        detail: err instanceof Error ? err.message.slice(0, 200) : 'Falha na verificação',
      }),
    ),
    timeout,
  ]).finally(() => clearTimeout(timer));
}

/** With several instances (Redis): one line per instance, from its last heartbeat. */
async function instanceChecks(app: FastifyInstance): Promise<SystemCheck[]> {
  let instances: ClusterInstance[];
  try {
    instances = await app.cluster.instances();
  } catch (err) {
    app.log.warn({ err }, 'listing the instances failed');
    return [];
  }
  const at = Date.now();
  return instances.map((instance) => {
    const silentS = Math.round((at - instance.seenAt) / 1000);
    const silent = at - instance.seenAt > SILENT_AFTER_MS;
    const upMin = Math.floor((at - instance.startedAt) / 60_000);
    return {
      name: `Instância ${instance.name}`,
      status: silent ? 'error' : lagStatus(instance.loopDelayMs),
      // Its loop delay, as the local "Agilidade do servidor" line shows this instance's: what the panel prints.
      responseTime: silent ? null : instance.loopDelayMs,
      lastCheck: toIso(instance.seenAt),
      detail: silent
        ? `Sem sinal há ${silentS} s`
        : `${instance.sockets} conexões · ${instance.heapMb} MB de heap · atraso de ${Math.round(instance.loopDelayMs)} ms (p99) · no ar há ${upMin} min`,
    };
  });
}

/** Runs every check (built-in and registered) concurrently and summarizes them. */
export async function runHealthChecks(app: FastifyInstance): Promise<SystemHealth> {
  const checks: Array<[string, () => Promise<HealthCheckResult>]> = [
    [
      DATABASE_CHECK,
      async () => {
        const ms = await timed(() => sql`select 1`.execute(app.db));
        return {
          status: ms > SLOW_ROUND_TRIP_MS ? 'degraded' : 'operational',
          responseTime: ms,
          detail: app.dbHandle.kind === 'postgres' ? 'PostgreSQL' : 'SQLite',
        };
      },
    ],
    ...app.healthChecks.entries(),
    [
      'Tempo real (Socket.IO)',
      async () => {
        const probe = await app.realtime.probe();
        return {
          status: 'operational',
          responseTime: rounded(probe.responseTime),
          detail: `${probe.sockets} conexões`,
        };
      },
    ],
    [
      SERVER_LAG_CHECK,
      async () => {
        const ms = app.cluster.loopDelayMs();
        return {
          status: lagStatus(ms),
          responseTime: ms,
          detail: 'Quanto o servidor demora para começar a atender um pedido (p99, últimos 5–10 s)',
        };
      },
    ],
  ];
  const redis = app.redis;
  if (redis) {
    checks.push([
      'Redis',
      async () => {
        const ms = await timed(() => redis.ping());
        return { status: ms > SLOW_ROUND_TRIP_MS ? 'degraded' : 'operational', responseTime: ms };
      },
    ]);
  }
  const [results, instances] = await Promise.all([
    Promise.all(checks.map(([, check]) => withTimeout(check))),
    redis ? instanceChecks(app) : [],
  ]);
  const lastCheck = toIso(now());
  const systems: SystemCheck[] = results.map((result, i) => ({
    name: checks[i]?.[0] ?? '',
    status: result.status,
    responseTime: result.responseTime,
    lastCheck,
    detail: result.detail ?? null,
  }));
  return summarize([...systems, ...instances], [DATABASE_CHECK]);
}
