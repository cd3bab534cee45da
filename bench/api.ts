/**
 * API figures on one server process over a temp database (SQLite, and PostgreSQL with
 * BENCH_POSTGRES_URL) with 1,000 seeded conversations and 20 authenticated dashboard sockets counting
 * every event. Budgets (figures the machine moves little; see bench/README.md):
 *   - server CPU per inbound message at 250/s offered, its AI reply and its events to the 20
 *     dashboards included (process CPU time of the server)      ≤ 1.5 ms SQLite, ≤ 2.5 ms PostgreSQL
 *   - at 250 messages/s offered (open loop, not saturating 2 cores), inbound → dashboard
 *     `conversations:newMessage` on all 20 sockets                p99 ≤ 50 ms, 0 events lost
 *   - at 100 new customers/s, inbound → the AI's reply event       p50 ≤ 1.2 s, p99 ≤ 2 s
 * Also measured and compared (not budgets: they follow the machine): GET /api/conversations?limit=50
 * and sustained POST /api/simulator/inbound (autocannon), each beside a bare `node:http` server in its
 * own process answering the same body: the ceiling of this machine at that moment.
 *
 *   npm run bench:api            (npx tsx bench/api.ts)
 * BENCH_SERVER_DIR: a built checkout whose compiled server is measured instead of this tree's source
 * (bench:compare); BENCH_JSON: a file the figures are written to.
 * Only loopback; stops by itself; prints a table and PASS/FAIL; exits 1 on a FAIL.
 */

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import { openDatabase } from '../apps/server/src/db/database.js';
import { createPostgresDatabase } from '../scripts/postgres-database.mjs';
import { apiJson, pairSimulator, signIn } from './lib/api-client.js';
import { stopChild, waitUntilUp } from './lib/child-process.js';
import { forkDashboards } from './lib/dashboard-processes.js';
import { budgetLabel, type Figure, FigureLog, meetsBudget } from './lib/figures.js';
import { freePort } from './lib/free-port.js';
import { sendOpenLoop } from './lib/open-loop.js';
import { seedDatabase } from './lib/seed-database.js';
import { type RunningServer, startServer } from './lib/server-process.js';
import { percentile } from './lib/stats.js';

const ADMIN = { email: 'bench@atende.local', password: 'bench-api-12345' };
const SOCKETS = 20;
const CONVERSATIONS = 1000;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
/** Dashboard latency: a rate at which server, 20 dashboards and the sender fit in 2 cores. */
const LATENCY_RATE = 250;
const LATENCY_SECONDS = Number(process.env.BENCH_LATENCY_SECONDS ?? 6);
/** AI reply latency: new customers per second. */
const REPLY_RATE = 100;
const REPLY_SECONDS = Number(process.env.BENCH_REPLY_SECONDS ?? 8);
/**
 * Traffic before each open-loop run, not counted. The server's optimising compiler works on background
 * threads for its first seconds of traffic: traced at 250 messages/s (`--trace-opt`), 1.1 s of
 * compilation in the first 5 s, 0.4 s in the next 5, then under 0.1 s per 5 s. After a one-second
 * warm-up that start-up cost was counted as CPU per message, more of it the shorter the run.
 */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 10);
const BUDGETS = {
  /** Server CPU per inbound message at LATENCY_RATE, AI reply and dashboard events included. */
  cpuPerMessageMs: { sqlite: 1.5, postgres: 2.5 },
  dashboardP99Ms: 50,
  replyP50Ms: 1200,
  replyP99Ms: 2000,
  lost: 0,
} as const;
/** Which measurements to run (e.g. `BENCH_PHASES=latency` to profile one); all by default. */
const PHASES = new Set(
  (process.env.BENCH_PHASES ?? 'page,latency,replies,ingest').split(',').map((p) => p.trim()),
);
/** A built checkout to measure instead of this tree's source (see bench/compare.ts). */
const SERVER_DIR = process.env.BENCH_SERVER_DIR || undefined;
/**
 * Enabled automation rules on customer messages during the run (a business's rule set), none of which
 * matches the bench's messages: what every message pays for their evaluation. A server without
 * automations (an older revision) answers 404 and runs without them.
 */
const AUTOMATION_RULES = Number(process.env.BENCH_AUTOMATION_RULES ?? 0);

async function createRules(url: string, token: string, count: number): Promise<void> {
  let created = 0;
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${url}/api/automations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        name: `Regra ${i + 1}`,
        event: i % 5 === 4 ? 'conversation_created' : 'message_received',
        conditions: [
          { type: 'text_contains', words: [`boleto ${i}`, `segunda via ${i}`, `reembolso ${i}`] },
          { type: 'handler', handler: 'ai' },
        ],
        actions: [{ type: 'add_note', text: `regra ${i + 1}` }],
      }),
    });
    if (response.status === 404) {
      console.info('  (servidor sem automações: sem regras)');
      return;
    }
    if (response.ok) created += 1;
  }
  console.info(`  ${created} regras de automação ativas`);
}

// autocannon ships no types; this is the part we use.
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  duration: number;
  '2xx': number;
}
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

let failed = false;
const rows: string[] = [];
function row(label: string, value: string, budget: string, ok: boolean | null): void {
  if (ok === false) failed = true;
  rows.push(
    `${label.padEnd(58)} ${value.padStart(14)}  ${budget.padEnd(16)} ${ok === null ? '' : ok ? 'PASS' : 'FAIL'}`,
  );
}

const figures = new FigureLog(cpus().length);
let currentDatabase = '';
/** A figure bench:compare compares (and its row), under `key`; its budget, if any, decides PASS/FAIL. */
function measured(key: string, label: string, figure: Figure, digits = 0): void {
  figures.note(currentDatabase, key, figure);
  row(label, fmt(figure.value, digits), budgetLabel(figure), meetsBudget(figure));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Child {
  url: string;
  stop(): Promise<void>;
}

/** CPU seconds (user + system, all threads) a process has used so far, from /proc (Linux). */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** A bare node:http server in its own process answering a precomputed body: the ceiling. */
async function startCeiling(body: string, dir: string): Promise<Child> {
  const port = await freePort();
  const file = join(dir, `ceiling-${port}.json`);
  writeFileSync(file, body);
  const script = `
    const body = require('node:fs').readFileSync(${JSON.stringify(file)});
    require('node:http').createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
        res.end(body);
      });
    }).listen(${port}, '127.0.0.1');`;
  const child = spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilUp(child, 'o processo', async () => (await fetch(url)).ok);
  return { url, stop: () => stopChild(child) };
}

/** Dashboard processes (bench/dashboard-sockets.ts) and how many sockets each holds. */
const DASHBOARD_PROCESSES = 4;
type DashboardReply =
  | { type: 'ready' | 'recording' }
  | { type: 'progress'; arrivals: number[]; replies: number }
  | { type: 'collect'; arrivals: Array<Array<[string, number]>>; replies: Array<[string, number]> }
  | { type: 'counts'; counts: Array<Array<[string, number]>> };

/** Absolute time in ms, comparable across processes (the dashboards note arrivals with it). */
const clock = () => performance.timeOrigin + performance.now();

/**
 * 20 authenticated sockets in the dashboard room, counting every event they receive, spread over a
 * few child processes (see dashboard-sockets.ts).
 */
async function connectDashboards(url: string, token: string) {
  const dashboards = await forkDashboards<DashboardReply>({
    script: 'bench/dashboard-sockets.ts',
    processes: DASHBOARD_PROCESSES,
    socketsPerProcess: SOCKETS / DASHBOARD_PROCESSES,
    url,
    token,
    env: (i) => ({ DASHBOARD_NOTES_REPLIES: i === 0 ? '1' : '0' }),
  });
  return {
    ...dashboards,
    /** CPU seconds the dashboard processes have used so far. */
    cpu: () => dashboards.pids.reduce((sum: number, pid) => sum + cpuSeconds(pid), 0),
    /** Events received per socket, by name. */
    counts: async () =>
      (await dashboards.ask<Extract<DashboardReply, { type: 'counts' }>>('counts')).flatMap((r) =>
        r.counts.map((entries) => new Map(entries)),
      ),
  };
}
type Dashboards = Awaited<ReturnType<typeof connectDashboards>>;

// Every message of a run comes from a customer not seen before: a new conversation the agent answers.
let phoneSeq = 0;
const nextPhone = () => `55319${String(70_000_000 + phoneSeq++).padStart(8, '0')}`;

async function measureIngest(url: string, token: string) {
  return autocannon({
    url: `${url}/api/simulator/inbound`,
    connections: 32,
    duration: DURATION_S,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        setupRequest: (req: Record<string, unknown>) => ({
          ...req,
          body: JSON.stringify({
            phone: nextPhone(),
            name: 'Cliente Bench',
            text: `Qual é o prazo de entrega? #${phoneSeq}`,
          }),
        }),
      },
    ],
  });
}

/** Natural in-scope questions (the demo knowledge base answers them), so the whole agent path runs. */
const QUESTIONS = [
  'Vocês têm frete grátis?',
  'Qual o prazo de entrega para Belo Horizonte?',
  'Quais são as formas de pagamento?',
  'Como faço para trocar um produto?',
];

interface OpenLoopTarget {
  pool: Pool;
  token: string;
  dashboards: Dashboards;
  serverCpu: () => number;
  databaseUrl: string;
}

/**
 * Open loop at `rate` messages/s for `seconds`, each from a new customer: every dashboard socket must
 * receive `conversations:newMessage` for it (matched by the message id the server answers).
 * Latency = event received − request sent. Also: inbound sent → the AI's reply event (socket 0), and
 * the server's CPU time from the first request until every reply arrived and no job is due, per message.
 */
async function measureOpenLoop(target: OpenLoopTarget, rate: number, seconds: number) {
  const { pool, token, dashboards, serverCpu } = target;
  const total = Math.round(rate * seconds);
  const sentAt = new Array<number>(total);
  const messageIdOf = new Array<string | undefined>(total);
  const conversationOf = new Array<string | undefined>(total);
  const answeredAt = new Array<number | undefined>(total);
  await dashboards.ask('record');

  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  let httpErrors = 0;
  let acknowledged = 0;
  const send = (seq: number) => {
    const body = JSON.stringify({
      phone: nextPhone(),
      name: 'Cliente Latência',
      text: QUESTIONS[seq % QUESTIONS.length],
    });
    sentAt[seq] = clock();
    pool
      .request({ method: 'POST', path: '/api/simulator/inbound', headers, body })
      .then(async (res) => {
        const text = await res.body.text();
        if (res.statusCode !== 200) {
          httpErrors++;
          return;
        }
        acknowledged++;
        answeredAt[seq] = clock();
        const { data } = JSON.parse(text) as { data: { messageId: string; conversationId: string } };
        messageIdOf[seq] = data.messageId;
        conversationOf[seq] = data.conversationId;
      })
      .catch(() => httpErrors++);
  };

  // Sends on a fixed schedule (not waiting for answers), catching up if a tick was late.
  const cpuBefore = serverCpu();
  const dashboardsCpuBefore = dashboards.cpu();
  const eluBefore = performance.eventLoopUtilization();
  const started = await sendOpenLoop(total, rate, send);
  const sendSeconds = (performance.now() - started) / 1000;
  // Busy-ness while sending: server CPU (all threads, in cores) and this process's event loop.
  const serverCores = (serverCpu() - cpuBefore) / sendSeconds;
  const dashboardCores = (dashboards.cpu() - dashboardsCpuBefore) / sendSeconds;
  const clientElu = performance.eventLoopUtilization(eluBefore).utilization;
  // Every request answered (or 30 s), then every event delivered (or 5 s more).
  const answered = () => acknowledged + httpErrors >= total;
  const ackDeadline = Date.now() + 30_000;
  while (Date.now() < ackDeadline && !answered()) await sleep(5);
  // From the first request to the last answer: the rate the server acknowledged at.
  const ackSeconds = (performance.now() - started) / 1000;
  type Progress = Extract<DashboardReply, { type: 'progress' }>;
  const progress = async () => {
    const answers = await dashboards.ask<Progress>('progress');
    return {
      fewest: Math.min(...answers.flatMap((a) => a.arrivals)),
      replies: answers.reduce((sum, a) => sum + a.replies, 0),
    };
  };
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline && (await progress()).fewest < acknowledged) await sleep(50);
  // AI replies trail the burst; give them up to 30 s more.
  const replyDeadline = Date.now() + 30_000;
  while (Date.now() < replyDeadline && (await progress()).replies < acknowledged) await sleep(100);
  // The sends and delivery statuses the replies caused, then the CPU the whole run took.
  const backlog = await waitForIdle(target.databaseUrl);
  const cpuPerMessageMs = ((serverCpu() - cpuBefore) / Math.max(1, acknowledged)) * 1000;

  const notes = await dashboards.ask<Extract<DashboardReply, { type: 'collect' }>>('collect');
  const receivedAt = notes.flatMap((n) => n.arrivals.map((entries) => new Map(entries)));
  const repliedAt = new Map(notes.flatMap((n) => n.replies));
  const replyLatencies: number[] = [];
  for (let i = 0; i < total; i++) {
    const at = repliedAt.get(conversationOf[i] ?? '');
    if (at !== undefined) replyLatencies.push(at - (sentAt[i] ?? at));
  }
  const answerLatencies = answeredAt.flatMap((at, i) => (at === undefined ? [] : [at - (sentAt[i] ?? at)]));
  const latencies: number[] = [];
  // The same latencies by the second of the run in which the message was sent.
  const bySecond = Array.from({ length: Math.ceil(seconds) }, () => [] as number[]);
  let lost = 0;
  for (const seen of receivedAt) {
    for (let i = 0; i < total; i++) {
      const id = messageIdOf[i];
      const at = id === undefined ? undefined : seen.get(id);
      if (at === undefined) lost++;
      else {
        const latency = at - (sentAt[i] ?? at);
        latencies.push(latency);
        bySecond[Math.floor(i / rate)]?.push(latency);
      }
    }
  }
  return {
    total,
    offeredRate: total / sendSeconds,
    ackSeconds,
    acknowledged,
    httpErrors,
    lost,
    backlog,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: percentile(latencies, 100),
    p99BySecond: bySecond.map((xs) => percentile(xs, 99)),
    serverCores,
    dashboardCores,
    clientElu,
    cpuPerMessageMs,
    answerP50: percentile(answerLatencies, 50),
    answerP99: percentile(answerLatencies, 99),
    replies: replyLatencies.length,
    replyP50: percentile(replyLatencies, 50),
    replyP99: percentile(replyLatencies, 99),
  };
}
type OpenLoopResult = Awaited<ReturnType<typeof measureOpenLoop>>;

/** A warm-up at `rate` (connections, JIT, prepared statements; not counted), then the run. */
async function openLoopPhase(target: OpenLoopTarget, rate: number, seconds: number): Promise<OpenLoopResult> {
  await measureOpenLoop(target, rate, WARMUP_SECONDS);
  return measureOpenLoop(target, rate, seconds);
}

async function measurePage(url: string, token: string) {
  return autocannon({
    url: `${url}/api/conversations?limit=50`,
    connections: 10,
    duration: DURATION_S,
    headers: { authorization: `Bearer ${token}` },
  });
}

async function measureCeiling(body: string, dir: string, method: 'GET' | 'POST', connections: number) {
  const ceiling = await startCeiling(body, dir);
  try {
    return await autocannon({
      url: `${ceiling.url}/`,
      connections,
      duration: DURATION_S,
      method,
      ...(method === 'POST'
        ? {
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ phone: '5531970000000', text: 'x' }),
          }
        : {}),
    });
  } finally {
    await ceiling.stop();
  }
}

/** Waits until the server has no queued work (agent replies, sends) left, up to `maxMs`. */
async function waitForIdle(databaseUrl: string, maxMs = 60_000): Promise<number> {
  const handle = openDatabase(databaseUrl);
  const started = Date.now();
  try {
    for (;;) {
      const row = await handle.db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', 'in', ['pending', 'running'])
        // Due work only: the daily retention purge is always scheduled for tomorrow.
        .where('run_at', '<=', Date.now())
        .executeTakeFirst();
      const pending = Number(row?.n ?? 0);
      if (pending === 0 || Date.now() - started > maxMs) return pending;
      await sleep(100);
    }
  } finally {
    await handle.close();
  }
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const rate = (r: AutocannonResult) => r['2xx'] / r.duration;

type DatabaseKind = 'sqlite' | 'postgres';

/** A fresh database for one pass: a temp SQLite file, or a throwaway PostgreSQL database. */
async function createDatabase(kind: DatabaseKind, dir: string) {
  if (kind === 'sqlite') return { url: join(dir, 'atende.db'), drop: async () => {} };
  const admin = process.env.BENCH_POSTGRES_URL;
  if (!admin) throw new Error('BENCH_POSTGRES_URL não definido');
  return createPostgresDatabase(admin, `atende_bench_${Date.now().toString(36)}`);
}

async function main(): Promise<void> {
  const startLoad = loadavg()[0]?.toFixed(1);
  // PostgreSQL too when BENCH_POSTGRES_URL (an admin URL) is set; BENCH_DATABASES picks explicitly.
  const kinds = (
    process.env.BENCH_DATABASES ?? (process.env.BENCH_POSTGRES_URL ? 'sqlite,postgres' : 'sqlite')
  )
    .split(',')
    .map((k) => k.trim()) as DatabaseKind[];
  if (SERVER_DIR) console.info(`Servidor compilado de ${SERVER_DIR}`);
  for (const kind of kinds) {
    rows.push('', `[${kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'}]`);
    currentDatabase = kind;
    await runPass(kind);
  }
  console.info('');
  console.info(`${'Medida'.padEnd(58)} ${'Valor'.padStart(14)}  ${'Meta'.padEnd(16)} Resultado`);
  for (const line of rows) console.info(line);
  console.info('');
  const [load1, load5] = loadavg();
  console.info(
    `Máquina: ${cpus().length} CPUs; load average no início ${startLoad}, no fim ${load1?.toFixed(1)} (1 min) / ${load5?.toFixed(1)} (5 min).`,
  );
  console.info(
    'SQLite: WAL, synchronous=NORMAL; cada mensagem recebida só é respondida (200) depois do fsync do log que contém seu commit (sobrevive a queda de energia).',
  );
  if (kinds.includes('postgres')) {
    console.info('PostgreSQL: synchronous_commit=on; a mensagem é respondida (200) depois do commit.');
  }
  if (process.env.BENCH_JSON) figures.write(process.env.BENCH_JSON);
  console.info(failed ? 'RESULTADO: FAIL' : 'RESULTADO: PASS');
}

/** The rows and figures of an open-loop phase, named by its rate (e.g. `250/s`). */
function reportOpenLoop(
  kind: DatabaseKind,
  result: OpenLoopResult,
  rate: number,
  budgeted: 'latency' | 'replies',
) {
  const at = `${rate}/s`;
  const latencyBudget = budgeted === 'latency';
  row(
    `Open loop: ${result.total} msgs at ${at} offered, new customers`,
    `${fmt(result.offeredRate)}/s`,
    '',
    null,
  );
  row(
    '  acknowledged (200) / HTTP errors',
    `${result.acknowledged} / ${result.httpErrors}`,
    `${result.total} / 0`,
    result.httpErrors === 0 && result.acknowledged === result.total,
  );
  measured(
    `${at} ack p99 (ms)`,
    `  inbound → 200 answer p99 (ms; p50 ${fmt(result.answerP50, 1)})`,
    {
      value: result.answerP99,
      unit: 'ms',
      better: 'lower',
    },
    1,
  );
  measured(
    `${at} dashboard p50 (ms)`,
    `  inbound → dashboard event p50 (ms, ${SOCKETS} sockets)`,
    {
      value: result.p50,
      unit: 'ms',
      better: 'lower',
    },
    1,
  );
  measured(
    `${at} dashboard p99 (ms)`,
    '  inbound → dashboard event p99 (ms)',
    {
      value: result.p99,
      unit: 'ms',
      better: 'lower',
      budget: latencyBudget ? { max: BUDGETS.dashboardP99Ms } : undefined,
    },
    1,
  );
  row('  max (ms)', fmt(result.max, 1), '', null);
  row('  p99 by second of the run (ms)', result.p99BySecond.map((p) => fmt(p)).join(' '), '', null);
  measured(`${at} AI reply p50 (ms)`, `  inbound → AI reply event p50 (ms; ${result.replies} replies)`, {
    value: result.replyP50,
    unit: 'ms',
    better: 'lower',
    budget: latencyBudget ? undefined : { max: BUDGETS.replyP50Ms },
  });
  measured(`${at} AI reply p99 (ms)`, '  inbound → AI reply event p99 (ms)', {
    value: result.replyP99,
    unit: 'ms',
    better: 'lower',
    budget: latencyBudget ? undefined : { max: BUDGETS.replyP99Ms },
  });
  row(
    '  AI replies received',
    `${result.replies} / ${result.acknowledged}`,
    '',
    result.replies === result.acknowledged,
  );
  measured(
    `${at} server CPU per message (ms)`,
    '  server CPU per message: ingest, AI reply, events (ms)',
    {
      value: result.cpuPerMessageMs,
      unit: 'ms',
      better: 'lower',
      budget: latencyBudget ? { max: BUDGETS.cpuPerMessageMs[kind] } : undefined,
    },
    2,
  );
  row(
    '  while sending: CPU cores server / dashboards; sender loop',
    `${fmt(result.serverCores, 2)} / ${fmt(result.dashboardCores, 2)}; ${fmt(result.clientElu * 100)}%`,
    '',
    null,
  );
  measured(`${at} events lost`, '  events lost (of messages × sockets)', {
    value: result.lost,
    unit: 'events',
    better: 'lower',
    budget: { max: BUDGETS.lost },
  });
  row('  due jobs still queued 60 s later', String(result.backlog), '', null);
}

async function runPass(kind: DatabaseKind): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'atende-bench-api-'));
  const database = await createDatabase(kind, dir);
  const databaseUrl = database.url;
  let server: RunningServer | null = null;
  let dashboards: Dashboards | null = null;
  try {
    console.info(`Semeando ${CONVERSATIONS} conversas em ${databaseUrl}…`);
    const seeded = await seedDatabase(databaseUrl, CONVERSATIONS, SERVER_DIR);
    console.info(`  ${seeded.conversations} conversas, ${seeded.messages} mensagens`);

    // BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the server under load.
    const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
    server = await startServer({ databaseUrl, admin: ADMIN, webDist: '', nodeArgs, serverDir: SERVER_DIR });
    const serverPid = server.pid;
    const serverCpu = () => cpuSeconds(serverPid);
    const token = await signIn(server.url, ADMIN);
    await pairSimulator(server.url, token);
    if (AUTOMATION_RULES > 0) await createRules(server.url, token, AUTOMATION_RULES);
    dashboards = await connectDashboards(server.url, token);
    console.info(
      `Servidor ${server.url}; ${SOCKETS} sockets no painel (${DASHBOARD_PROCESSES} processos). Medindo…`,
    );

    // 1. A 50-conversation page vs the bare ceiling with the same body.
    if (PHASES.has('page')) {
      const pageBody = await (
        await fetch(`${server.url}/api/conversations?limit=50`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).text();
      const cpuBefore = serverCpu();
      const page = await measurePage(server.url, token);
      const pageCpuUs = ((serverCpu() - cpuBefore) / page['2xx']) * 1e6;
      const pageCeiling = await measureCeiling(pageBody, dir, 'GET', 10);
      measured('page req/s', 'GET /api/conversations?limit=50 (req/s)', {
        value: rate(page),
        unit: 'req/s',
        better: 'higher',
      });
      row('  latency p50 / p99 (ms)', `${page.latency.p50} / ${page.latency.p99}`, '', null);
      measured('page server CPU per request (µs)', '  server CPU per request (µs, all threads)', {
        value: pageCpuUs,
        unit: 'µs',
        better: 'lower',
      });
      row('  bare node:http ceiling, same body (req/s)', fmt(rate(pageCeiling)), '', null);
      // Printed, not compared: the bare server's own rate moves up to 2× between runs of the same code
      // on this VM, so the ratio carries that noise into a figure the compare would judge.
      row(
        '  page / ceiling (×, printed, not compared)',
        (rate(page) / rate(pageCeiling)).toFixed(3),
        '',
        null,
      );
      row('  non-2xx / errors', `${page.non2xx} / ${page.errors}`, '0 / 0', page.non2xx + page.errors === 0);
    }

    const target = () => ({
      pool: new Pool(server?.url ?? '', { connections: 64 }),
      token,
      dashboards: dashboards as Dashboards,
      serverCpu,
      databaseUrl,
    });

    // 2. Inbound → dashboard latency, and CPU per message, at 250 messages/s offered.
    if (PHASES.has('latency')) {
      // undici: a keep-alive pool costs the sender a fraction of what node:http's client does per
      // request, so the load generator takes less of the CPU the server under test needs. The
      // warm-up opens its connections (a pool opened by the measured run put that in its first second).
      const phase = target();
      const result = await openLoopPhase(phase, LATENCY_RATE, LATENCY_SECONDS);
      await phase.pool.close();
      reportOpenLoop(kind, result, LATENCY_RATE, 'latency');
    }

    // 3. The AI's reply to 100 new customers per second.
    if (PHASES.has('replies')) {
      const phase = target();
      const result = await openLoopPhase(phase, REPLY_RATE, REPLY_SECONDS);
      await phase.pool.close();
      reportOpenLoop(kind, result, REPLY_RATE, 'replies');
    }

    // 4. Sustained ingest vs the bare ceiling answering an inbound response body.
    if (PHASES.has('ingest')) {
      const inboundBody = JSON.stringify(
        await apiJson(server.url, '/api/simulator/inbound', token, { phone: nextPhone(), text: 'Olá' }),
      );
      // The answer's own events (and its AI reply) have reached every socket before counting.
      await waitForIdle(databaseUrl);
      await sleep(500);
      const before = (await dashboards.counts()).map((c) => c.get('conversations:newMessage') ?? 0);
      const ingestCpuBefore = serverCpu();
      const ingest = await measureIngest(server.url, token);
      const backlog = await waitForIdle(databaseUrl);
      // Each message's whole cost: its ingest, events and the AI reply it caused (all threads).
      const ingestCpuMs = ((serverCpu() - ingestCpuBefore) / ingest['2xx']) * 1000;
      // The ceiling once the server is idle again (its agent replies done), so both see a quiet machine.
      const ingestCeiling = await measureCeiling(inboundBody, dir, 'POST', 32);
      const delivered = (await dashboards.counts()).map(
        (c, i) => (c.get('conversations:newMessage') ?? 0) - (before[i] ?? 0),
      );
      measured('ingest msgs/s', 'POST /api/simulator/inbound sustained (msgs/s)', {
        value: rate(ingest),
        unit: 'msgs/s',
        better: 'higher',
      });
      row('  latency p50 / p99 (ms)', `${ingest.latency.p50} / ${ingest.latency.p99}`, '', null);
      measured(
        'ingest server CPU per message (ms)',
        '  server CPU per message, AI reply included (ms)',
        {
          value: ingestCpuMs,
          unit: 'ms',
          better: 'lower',
        },
        2,
      );
      row(
        '  non-2xx / errors / timeouts',
        `${ingest.non2xx} / ${ingest.errors} / ${ingest.timeouts}`,
        '0 / 0 / 0',
        ingest.non2xx + ingest.errors + ingest.timeouts === 0,
      );
      row('  bare node:http ceiling, same body (req/s)', fmt(rate(ingestCeiling)), '', null);
      row(
        '  ingest / ceiling (×, printed, not compared)',
        (rate(ingest) / rate(ingestCeiling)).toFixed(3),
        '',
        null,
      );
      row(
        `  newMessage events per socket (min / max of ${SOCKETS})`,
        `${Math.min(...delivered)} / ${Math.max(...delivered)}`,
        '',
        null,
      );
      row('  due jobs still queued 60 s later', String(backlog), '', null);
    }

    const counts = await dashboards.counts();
    const totalEvents = counts.map((c) => [...c.values()].reduce((a, b) => a + b, 0));
    row(
      'All events received per socket (min / max)',
      `${Math.min(...totalEvents)} / ${Math.max(...totalEvents)}`,
      '',
      null,
    );
    const byName = [...(counts[0] ?? new Map<string, number>())].sort((a, b) => b[1] - a[1]);
    for (const [name, n] of byName) row(`  ${name} (socket 0)`, String(n), '', null);
  } finally {
    await dashboards?.stop();
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
    await database.drop();
  }
}

main()
  .then(() => process.exit(failed ? 1 : 0))
  .catch((error: unknown) => {
    console.error('bench:api falhou:', error);
    process.exit(1);
  });
