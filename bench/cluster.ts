/**
 * The cluster, measured (docs/deployment.md): `npm run cluster`'s nginx + N instances on PostgreSQL and
 * Redis, with BENCH_SOCKETS (200) dashboard sockets through nginx and customers writing at BENCH_RATE
 * (1,000) messages/s for BENCH_SECONDS (5), open loop:
 *   1. 1 instance, then 3: event latency from the inbound request to every dashboard (p50/p99), events
 *      lost and duplicated, the rate the cluster acknowledged at.
 *   2. 3 instances, one killed with SIGKILL mid-run: its sockets reconnect to the others and recover;
 *      acknowledged messages lost (not in the database, or not on a dashboard), agent replies sent twice.
 *   3. Heap per 1,000 idle authenticated dashboard sockets on one instance (after a full GC).
 *
 *   npm run bench:cluster      (needs PostgreSQL and Redis; BENCH_POSTGRES_URL, BENCH_REDIS_URL)
 * Only loopback; stops by itself; prints the figures.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { Pool } from 'undici';
import { RECOVERY_WINDOW_MS } from '../apps/server/src/plugins/realtime.js';
import { createPostgresDatabase } from '../scripts/postgres-database.mjs';
import { pairSimulator, signIn } from './lib/api-client.js';
import { keepOutput, stopChild } from './lib/child-process.js';
import { forkDashboards } from './lib/dashboard-processes.js';
import { sendOpenLoop } from './lib/open-loop.js';
import { ROOT } from './lib/repo-root.js';
import { percentile } from './lib/stats.js';

const ADMIN = { email: 'bench@atende.local', password: 'bench-cluster-12345' };
const RATE = Number(process.env.BENCH_RATE ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 200);
const IDLE_SOCKETS = Number(process.env.BENCH_IDLE_SOCKETS ?? 1000);
const POSTGRES = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const DASHBOARD_PROCESSES = 4;
const NGINX_PORT = Number(process.env.BENCH_NGINX_PORT ?? 8089);
const FIRST_PORT = Number(process.env.BENCH_FIRST_PORT ?? 3490);

const clock = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ms = (x: number) => (Number.isFinite(x) ? `${x.toFixed(1)} ms` : '—');
const seconds = (x: number) => `${(x / 1000).toFixed(1)} s`;

// ws ships no types here; this is the part we use (the inspector of one instance, for its heap).
interface WebSocketLike {
  on(event: 'open' | 'message' | 'error', listener: (data: Buffer | Error) => void): void;
  send(data: string): void;
  close(): void;
}
const WebSocket = createRequire(import.meta.url)('ws') as new (url: string) => WebSocketLike;

interface ClusterInfo {
  url: string;
  instances: Array<{ name: string; port: number; pid: number }>;
}

/** `npm run cluster` (scripts/cluster.mjs) with `instances` instances; resolves once nginx answers. */
async function startCluster(instances: number, databaseUrl: string, extraEnv: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'atende-bench-cluster-'));
  const redisPrefix = `bench-${Date.now()}:`;
  const child = spawn(process.execPath, [join(ROOT, 'scripts/cluster.mjs')], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...extraEnv,
      CLUSTER_INSTANCES: String(instances),
      CLUSTER_PORT: String(NGINX_PORT),
      CLUSTER_FIRST_PORT: String(FIRST_PORT),
      CLUSTER_DIR: dir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: REDIS,
      REDIS_PREFIX: redisPrefix,
      // Two minutes of events at the offered rate (12 stream entries per answered message, counted
      // in this bench's stream): recovery's window.
      REALTIME_STREAM_LENGTH: String(Math.max(100_000, RATE * 12 * 120)),
      DEMO: 'false',
      SIMULATED_TRAFFIC: 'false',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      WEB_DIST: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = keepOutput(child, 5000);
  const file = join(dir, 'cluster.json');
  const deadline = Date.now() + 300_000;
  while (!existsSync(file)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`cluster não subiu:\n${log()}`);
    await sleep(200);
  }
  const info = JSON.parse(readFileSync(file, 'utf8')) as ClusterInfo;
  return {
    ...info,
    dir,
    redisPrefix,
    log,
    stop: () => stopChild(child),
  };
}
type Cluster = Awaited<ReturnType<typeof startCluster>>;

/** Signs in through nginx, and pairs the simulator on every instance (each shows its own code). */
async function prepare(cluster: Cluster): Promise<string> {
  const token = await signIn(cluster.url, ADMIN);
  for (const instance of cluster.instances) await pairSimulator(`http://127.0.0.1:${instance.port}`, token);
  return token;
}

type DashboardReply =
  | { type: 'ready' | 'recording' }
  | { type: 'progress'; sockets: Array<{ back: boolean; seen: number }> }
  | {
      type: 'collect';
      /** This dashboards process's event-loop utilization, one sample a second while recording. */
      loopSamples: number[];
      sockets: Array<{
        seen: Array<[string, [number, number, number]]>;
        disconnects: number;
        recovered: number;
        replayed: number;
        notReplayed: number;
      }>;
    };

/** `total` dashboard sockets through `url`, in a few child processes (bench/cluster-dashboards.ts). */
function connectDashboards(url: string, token: string, total: number) {
  return forkDashboards<DashboardReply>({
    script: 'bench/cluster-dashboards.ts',
    processes: DASHBOARD_PROCESSES,
    socketsPerProcess: Math.ceil(total / DASHBOARD_PROCESSES),
    url,
    token,
  });
}
type Dashboards = Awaited<ReturnType<typeof connectDashboards>>;

let phoneSeq = 0;
const QUESTIONS = [
  'Vocês têm frete grátis?',
  'Qual o prazo de entrega?',
  'Quais são as formas de pagamento?',
];

/**
 * The worst event-loop delay each instance reported in its heartbeats (p99 over 5–10 s, every 5 s)
 * while `run` sends and delivers: how far behind the servers ran, beside how busy the dashboards were.
 */
function watchInstances(cluster: Cluster) {
  const redis = new Redis(REDIS);
  const worst = new Map<string, number>();
  const read = async () => {
    const entries = await redis.hgetall(`${cluster.redisPrefix}instances`);
    for (const value of Object.values(entries)) {
      const { name, loopDelayMs } = JSON.parse(value) as { name: string; loopDelayMs: number };
      worst.set(name, Math.max(worst.get(name) ?? 0, loopDelayMs));
    }
  };
  const timer = setInterval(() => void read().catch(() => undefined), 1000);
  return async () => {
    clearInterval(timer);
    await read().catch(() => undefined);
    redis.disconnect();
    return [...worst].sort(([a], [b]) => a.localeCompare(b));
  };
}

/** Dashboards' event-loop samples (one a second per process): mean, and share of seconds ≥ 95% busy. */
function loopBusy(samples: number[]) {
  const saturated = samples.filter((u) => u >= 0.95).length;
  return {
    mean: samples.reduce((sum, u) => sum + u, 0) / Math.max(1, samples.length),
    saturated: saturated / Math.max(1, samples.length),
  };
}

interface RunResult {
  acknowledged: number;
  failed: number;
  ackRate: number;
  p50: number;
  p99: number;
  lostEvents: number;
  handledTwice: number;
  receivedTwice: number;
  messageIds: string[];
  disconnects: number;
  recovered: number;
  replayed: number;
  notReplayed: number;
  /** From the last acknowledgement until every socket had every event (or the wait gave up). */
  deliveredAfterMs: number;
  /** Sockets missing events (of them, sockets that were cut), and the messages whose events they miss. */
  lostOn: { sockets: number; cut: number; messages: number };
  /** Each instance's worst heartbeat event-loop delay (ms), by name. */
  instanceLoopMs: Array<[string, number]>;
  /** How busy the dashboards' processes were (they share the machine with the servers). */
  dashboardsLoop: { mean: number; saturated: number };
}

/**
 * Customers write at RATE for SECONDS through nginx (open loop: each request sent on schedule, new
 * customer each); every dashboard socket must get `conversations:newMessage` for each acknowledged one.
 * `midway` runs halfway through the sending (the kill).
 */
async function run(
  cluster: Cluster,
  token: string,
  dashboards: Dashboards,
  midway?: () => void,
): Promise<RunResult> {
  const total = Math.round(RATE * SECONDS);
  const pool = new Pool(cluster.url, { connections: 64 });
  const sentAt = new Array<number>(total);
  const messageIdOf = new Array<string | undefined>(total);
  let acknowledged = 0;
  let failed = 0;
  let lastAnswer = 0;
  await dashboards.ask('record');
  const stopWatching = watchInstances(cluster);
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const sendOne = (seq: number) => {
    phoneSeq++;
    const body = JSON.stringify({
      phone: `55319${String(60_000_000 + phoneSeq).padStart(8, '0')}`,
      name: 'Cliente Cluster',
      text: QUESTIONS[seq % QUESTIONS.length],
    });
    sentAt[seq] = clock();
    pool
      .request({ method: 'POST', path: '/api/simulator/inbound', headers, body, headersTimeout: 120_000 })
      .then(async (res) => {
        const text = await res.body.text();
        lastAnswer = clock();
        if (res.statusCode !== 200) {
          failed++;
          return;
        }
        acknowledged++;
        messageIdOf[seq] = (JSON.parse(text) as { data: { messageId: string } }).data.messageId;
      })
      .catch(() => {
        failed++;
        lastAnswer = clock();
      });
  };
  await sendOpenLoop(total, RATE, sendOne, midway);
  const ackDeadline = Date.now() + 180_000;
  while (acknowledged + failed < total && Date.now() < ackDeadline) await sleep(20);
  const ackRate = acknowledged / ((lastAnswer - (sentAt[0] ?? 0)) / 1000);
  await pool.close();
  const deliveredAfterMs = await waitForDelivery(dashboards, acknowledged);
  const instanceLoopMs = await stopWatching();
  const replies = await dashboards.ask<Extract<DashboardReply, { type: 'collect' }>>('collect');
  const sockets = replies.flatMap((r) => r.sockets).slice(0, SOCKETS);
  const latencies: number[] = [];
  let lostEvents = 0;
  let handledTwice = 0;
  let receivedTwice = 0;
  /** Where the lost events were: how many sockets, of which kind, and how many messages. */
  const lostOn = { sockets: 0, cut: 0, messages: new Set<string>() };
  for (const socket of sockets) {
    const seen = new Map(socket.seen);
    const lostBefore = lostEvents;
    for (let i = 0; i < total; i++) {
      const id = messageIdOf[i];
      if (id === undefined) continue;
      const entry = seen.get(id);
      if (!entry) {
        lostEvents++;
        lostOn.messages.add(id);
      } else {
        latencies.push(entry[0] - (sentAt[i] ?? entry[0]));
        if (entry[1] > 1) handledTwice++;
        if (entry[2] > 1) receivedTwice++;
      }
    }
    if (lostEvents > lostBefore) {
      lostOn.sockets++;
      if (socket.disconnects > 0) lostOn.cut++;
    }
  }
  return {
    acknowledged,
    failed,
    ackRate,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    lostEvents,
    handledTwice,
    receivedTwice,
    messageIds: messageIdOf.filter((id): id is string => id !== undefined),
    disconnects: sockets.reduce((sum, s) => sum + s.disconnects, 0),
    recovered: sockets.reduce((sum, s) => sum + s.recovered, 0),
    replayed: sockets.reduce((sum, s) => sum + s.replayed, 0),
    notReplayed: sockets.reduce((sum, s) => sum + s.notReplayed, 0),
    deliveredAfterMs,
    lostOn: { sockets: lostOn.sockets, cut: lostOn.cut, messages: lostOn.messages.size },
    instanceLoopMs,
    dashboardsLoop: loopBusy(replies.flatMap((r) => r.loopSamples)),
  };
}

/**
 * Delivery trails the acknowledgements: under overload the events queue behind them, and a socket cut
 * by a kill is back only once it has reconnected, signed in and been replayed. Waits until every
 * socket is back and has seen `acknowledged` messages, or is back and nothing has arrived for 10 s,
 * within the 2 minutes a reconnecting dashboard is promised its missed events; answers how long that
 * took.
 */
async function waitForDelivery(dashboards: Dashboards, acknowledged: number): Promise<number> {
  const started = Date.now();
  let lastSeen = -1;
  let lastChange = started;
  while (Date.now() - started < RECOVERY_WINDOW_MS) {
    const replies = await dashboards.ask<Extract<DashboardReply, { type: 'progress' }>>('progress');
    const sockets = replies.flatMap((r) => r.sockets).slice(0, SOCKETS);
    const seen = sockets.reduce((sum, s) => sum + s.seen, 0);
    const allBack = sockets.every((s) => s.back);
    if (allBack && sockets.every((s) => s.seen >= acknowledged)) break;
    if (seen !== lastSeen) {
      lastSeen = seen;
      lastChange = Date.now();
    } else if (allBack && Date.now() - lastChange > 10_000) break;
    await sleep(250);
  }
  return Date.now() - started;
}

/** In the database: acknowledged messages missing, customers answered twice, replies delivered twice. */
async function checkDatabase(databaseUrl: string, messageIds: string[]) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const stored = await client.query<{ n: string }>(
      'SELECT count(*) AS n FROM messages WHERE id = ANY($1)',
      [messageIds],
    );
    // Agent replies settle after the burst (jobs of the killed instance wait for their lease to lapse).
    let replies = -1;
    for (let stable = 0, i = 0; stable < 5 && i < 90; i++) {
      const now = Number(
        (await client.query<{ n: string }>("SELECT count(*) AS n FROM messages WHERE sender = 'agent'"))
          .rows[0]?.n,
      );
      stable = now === replies ? stable + 1 : 0;
      replies = now;
      await sleep(1000);
    }
    const answeredTwice = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM (SELECT conversation_id FROM messages WHERE sender = 'agent'
         GROUP BY conversation_id HAVING count(*) > 1) twice`,
    );
    const deliveredTwice = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM (SELECT phone FROM simulator_deliveries WHERE kind = 'text'
         GROUP BY phone HAVING count(*) > 1) twice`,
    );
    return {
      missing: messageIds.length - Number(stored.rows[0]?.n),
      replies,
      answeredTwice: Number(answeredTwice.rows[0]?.n),
      deliveredTwice: Number(deliveredTwice.rows[0]?.n),
    };
  } finally {
    await client.end();
  }
}

/** Heap used by one instance after a full GC, through its inspector (started with --inspect). */
async function heapAfterGc(inspectorUrl: string): Promise<number> {
  const socket = new WebSocket(inspectorUrl);
  await new Promise<void>((resolve, reject) => {
    socket.on('open', () => resolve());
    socket.on('error', (e) => reject(e));
  });
  let id = 0;
  const pending = new Map<number, (result: unknown) => void>();
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) pending.get(message.id)?.(message.result);
  });
  const call = (method: string) =>
    new Promise<unknown>((resolve) => {
      id++;
      pending.set(id, resolve);
      socket.send(JSON.stringify({ id, method }));
    });
  await call('HeapProfiler.collectGarbage');
  await call('HeapProfiler.collectGarbage');
  const usage = (await call('Runtime.getHeapUsage')) as { usedSize: number };
  socket.close();
  return usage.usedSize;
}

const rows: string[] = [];
const row = (label: string, one: string, three: string) =>
  rows.push(`${label.padEnd(52)} ${one.padStart(16)} ${three.padStart(16)}`);

async function main() {
  const startLoad = loadavg()[0]?.toFixed(1);
  const results: Record<string, RunResult> = {};
  let heapPerThousand = Number.NaN;
  let killRun: RunResult | null = null;
  let killDb: Awaited<ReturnType<typeof checkDatabase>> | null = null;
  let killed = '';
  let baselineDb: Awaited<ReturnType<typeof checkDatabase>> | null = null;

  for (const instances of [1, 3]) {
    const database = await createPostgresDatabase(POSTGRES, `atende_bench_cluster_${instances}`);
    let cluster: Cluster | null = null;
    let dashboards: Dashboards | null = null;
    try {
      console.info(`\n${instances} instância(s): subindo o cluster (nginx + PostgreSQL + Redis)…`);
      cluster = await startCluster(
        instances,
        database.url,
        instances === 1 ? { CLUSTER_NODE_ARGS: '--inspect=127.0.0.1:0' } : {},
      );
      const token = await prepare(cluster);

      if (instances === 1) {
        const log = readFileSync(join(cluster.dir, 'atende-1.log'), 'utf8');
        const inspector = /ws:\/\/127\.0\.0\.1:\d+\/[\w-]+/.exec(log)?.[0];
        if (inspector) {
          console.info(`Heap: ${IDLE_SOCKETS} sockets ociosos autenticados numa instância…`);
          const before = await heapAfterGc(inspector);
          const idle = await connectDashboards(cluster.url, token, IDLE_SOCKETS);
          await sleep(2000);
          const after = await heapAfterGc(inspector);
          await idle.stop();
          heapPerThousand = ((after - before) / IDLE_SOCKETS) * 1000;
        }
      }

      dashboards = await connectDashboards(cluster.url, token, SOCKETS);
      console.info(`${SOCKETS} sockets no painel; ${RATE} mensagens/s por ${SECONDS} s…`);
      results[instances] = await run(cluster, token, dashboards);
      if (instances === 1) baselineDb = await checkDatabase(database.url, results[1]?.messageIds ?? []);

      if (instances === 3) {
        const victim = cluster.instances[1];
        killed = victim?.name ?? '';
        console.info(`De novo, com kill -9 de ${killed} no meio…`);
        killRun = await run(cluster, token, dashboards, () => {
          if (victim) process.kill(victim.pid, 'SIGKILL');
        });
        killDb = await checkDatabase(database.url, [
          ...(results[3]?.messageIds ?? []),
          ...killRun.messageIds,
        ]);
      }
    } finally {
      await dashboards?.stop();
      await cluster?.stop();
      await database.drop();
    }
  }

  const one = results[1];
  const three = results[3];
  if (!one || !three || !killRun || !killDb) throw new Error('medição incompleta');
  row('', '1 instância', '3 instâncias');
  row('Mensagens oferecidas (por s)', `${RATE}`, `${RATE}`);
  row('Mensagens confirmadas (200)', `${one.acknowledged}`, `${three.acknowledged}`);
  row('Taxa confirmada (mensagens/s)', one.ackRate.toFixed(0), three.ackRate.toFixed(0));
  row('Evento no painel: p50 (recebida → cada painel)', ms(one.p50), ms(three.p50));
  row('Evento no painel: p99', ms(one.p99), ms(three.p99));
  row(`Eventos perdidos (× ${SOCKETS} sockets)`, `${one.lostEvents}`, `${three.lostEvents}`);
  row(
    'Todos os eventos nos painéis, após a última confirmação',
    seconds(one.deliveredAfterMs),
    seconds(three.deliveredAfterMs),
  );
  row(
    'Eventos duplicados (vistos pelo app / recebidos)',
    `${one.handledTwice} / ${one.receivedTwice}`,
    `${three.handledTwice} / ${three.receivedTwice}`,
  );
  const loops = (r: RunResult) => r.instanceLoopMs.map(([, delay]) => delay.toFixed(0)).join(' / ');
  const pct = (x: number) => `${(x * 100).toFixed(0)}%`;
  const busy = (r: RunResult) => `${pct(r.dashboardsLoop.mean)}; ${pct(r.dashboardsLoop.saturated)}`;
  row('Loop de eventos das instâncias, p99 máx. (ms, cada uma)', loops(one), loops(three));
  row(`Loop dos painéis (${DASHBOARD_PROCESSES} processos): ocupação; s ≥ 95%`, busy(one), busy(three));
  console.info('');
  for (const line of rows) console.info(line);
  console.info('');
  console.info(`kill -9 de ${killed} no meio de ${SECONDS} s a ${RATE}/s (3 instâncias):`);
  console.info(
    `  confirmadas ${killRun.acknowledged}, recusadas/interrompidas ${killRun.failed} (taxa ${killRun.ackRate.toFixed(0)}/s)`,
  );
  console.info(
    `  sockets desconectados ${killRun.disconnects}; de volta: recuperados pelo servidor ${killRun.recovered}, ` +
      `reproduzidos do stream (rejoin) ${killRun.replayed}, sem reprodução (recarregariam) ${killRun.notReplayed}`,
  );
  console.info(
    `  evento no painel p50 ${ms(killRun.p50)}, p99 ${ms(killRun.p99)}; todos os eventos nos painéis ${seconds(killRun.deliveredAfterMs)} após a última confirmação`,
  );
  console.info(
    `  eventos perdidos ${killRun.lostEvents}; duplicados vistos pelo app ${killRun.handledTwice} (recebidos ${killRun.receivedTwice})`,
  );
  console.info(
    `  loop de eventos das instâncias, p99 máx. ${loops(killRun)} ms; loop dos painéis: ocupação ${busy(killRun)} dos segundos ≥ 95%`,
  );
  if (killRun.lostEvents > 0) {
    console.info(
      `  perdas em ${killRun.lostOn.sockets} sockets (${killRun.lostOn.cut} deles caíram), de ${killRun.lostOn.messages} mensagens`,
    );
  }
  console.info(`  mensagens confirmadas ausentes do banco ${killDb.missing}`);
  console.info(
    `  respostas do agente ${killDb.replies}; clientes respondidos duas vezes ${killDb.answeredTwice}; respostas entregues duas vezes ${killDb.deliveredTwice}`,
  );
  if (baselineDb) {
    console.info(
      `  (1 instância: respostas do agente ${baselineDb.replies}, respondidos duas vezes ${baselineDb.answeredTwice})`,
    );
  }
  console.info('');
  console.info(
    `Heap por 1.000 sockets ociosos autenticados (1 instância, após GC): ${(heapPerThousand / 1_048_576).toFixed(1)} MB`,
  );
  console.info(
    `Máquina: ${cpus().length} CPUs; load average no início ${startLoad}, no fim ${loadavg()[0]?.toFixed(1)}.`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
