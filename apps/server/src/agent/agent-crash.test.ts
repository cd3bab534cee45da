import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { loadDemoKnowledgeBase } from './eval/run-eval.js';

/**
 * kill -9 in the middle of the agent's pipeline, twice, on the real server process (tsx server.ts,
 * temp SQLite file, paired simulator): once after the answer is decided but before it is stored, once
 * after it is stored but before the job is marked done. After the last restart there is exactly one AI
 * reply, and the simulated customer received it exactly once.
 */
const SERVER = fileURLToPath(new URL('../../test/agent-crash-server.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const ADMIN = { email: 'crash-admin@teste.local', password: 'senha-crash-123' };
const PHONE = '5531988887777';

const dir = mkdtempSync(join(tmpdir(), 'atende-crash-'));
const dbFile = join(dir, 'atende.db');
const children = new Set<ChildProcess>();

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface Running {
  child: ChildProcess;
  base: string;
  /** Resolves when stdout shows a line containing `text`. */
  waitForLog(text: string, ms?: number): Promise<void>;
}

async function start(env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  // One process (node --import tsx), so SIGKILL hits the server itself, not a wrapper.
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: dbFile,
      DEMO: 'false',
      SIMULATED_TRAFFIC: 'false',
      WEB_DIST: '',
      LOG_LEVEL: 'info',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  let output = '';
  const waiters: { text: string; resolve: () => void }[] = [];
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const waiter of [...waiters]) {
      if (output.includes(waiter.text)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const waitForLog = (text: string, ms = 30_000) =>
    new Promise<void>((resolve, reject) => {
      if (output.includes(text)) return resolve();
      const timer = setTimeout(
        () => reject(new Error(`no "${text}" in server output:\n${output.slice(-3000)}`)),
        ms,
      );
      waiters.push({
        text,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
  await waitForLog('Atende está no ar');
  return { child, base: `http://127.0.0.1:${port}`, waitForLog };
}

async function kill9(running: Running): Promise<void> {
  const exited = new Promise((resolve) => running.child.once('exit', resolve));
  running.child.kill('SIGKILL');
  await exited;
}

async function call(base: string, method: string, path: string, token?: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: checked by the assertions
  return { status: response.status, body: (await response.json()) as any };
}

async function signIn(base: string): Promise<string> {
  const res = await call(base, 'POST', '/api/auth/login', undefined, { ...ADMIN, remember: false });
  expect(res.status).toBe(200);
  return res.body.data.token as string;
}

async function ensurePaired(base: string, token: string): Promise<void> {
  const status = (await call(base, 'GET', '/api/whatsapp/status', token)).body.data;
  if (status.connected) return;
  const paired = await call(base, 'POST', '/api/simulator/pair', token, { code: status.pairingCode ?? '' });
  expect(paired.status).toBe(200);
}

/** Reads the database file directly (the server may be dead). */
function inspect() {
  const db = new SQLite(dbFile, { readonly: true, fileMustExist: true });
  try {
    const replies = db
      .prepare(
        "select id, provider_message_id, content from messages where sender = 'agent' and ai_generated = 1",
      )
      .all() as { id: string; provider_message_id: string; content: string }[];
    const deliveries = db
      .prepare("select provider_message_id from simulator_deliveries where phone = ? and kind = 'text'")
      .all(PHONE) as { provider_message_id: string }[];
    const agentJobs = db.prepare("select status from jobs where kind = 'agent_reply'").all() as {
      status: string;
    }[];
    return { replies, deliveries, agentJobs };
  } finally {
    db.close();
  }
}

describe('agent survives kill -9 mid-pipeline', () => {
  it('stores and delivers exactly one reply across two crashes', { timeout: 120_000 }, async () => {
    // 1. Crash after the answer is decided, before anything is stored.
    let server = await start({ AGENT_TEST_PAUSE: 'before_store', AGENT_TEST_DELAY_MS: '60000' });
    let token = await signIn(server.base);
    await ensurePaired(server.base, token);
    expect(
      (await call(server.base, 'POST', '/api/knowledge-base', token, { content: loadDemoKnowledgeBase() }))
        .status,
    ).toBe(200);
    const sent = await call(server.base, 'POST', '/api/simulator/inbound', token, {
      phone: PHONE,
      text: 'Tem desconto no Pix?',
      providerMessageId: 'wamid-crash-1',
    });
    expect(sent.status).toBe(200);
    await server.waitForLog('agent test pause');
    await kill9(server);
    let state = inspect();
    expect(state.replies).toHaveLength(0);
    expect(state.agentJobs.map((j) => j.status)).toEqual(['running']);

    // 2. Restart: the job is recovered and the reply stored; crash before the job is marked done.
    server = await start({ AGENT_TEST_PAUSE: 'after_store', AGENT_TEST_DELAY_MS: '60000' });
    await server.waitForLog('agent test pause');
    await kill9(server);
    state = inspect();
    expect(state.replies).toHaveLength(1);
    expect(state.agentJobs.map((j) => j.status)).toEqual(['running']);

    // 3. Restart normally: the job runs a third time and changes nothing; the send completes once.
    server = await start({});
    token = await signIn(server.base);
    await ensurePaired(server.base, token);
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      state = inspect();
      if (state.agentJobs[0]?.status === 'done' && state.deliveries.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Give a duplicate (if any) the chance to appear before counting.
    await new Promise((resolve) => setTimeout(resolve, 500));
    state = inspect();
    expect(state.agentJobs.map((j) => j.status)).toEqual(['done']);
    expect(state.replies).toHaveLength(1);
    expect(state.replies[0]!.content).toContain('5% de desconto');
    expect(state.deliveries).toEqual([{ provider_message_id: state.replies[0]!.provider_message_id }]);
    const outbox = await call(server.base, 'GET', `/api/simulator/outbox?phone=${PHONE}`, token);
    expect((outbox.body.data as { kind: string }[]).filter((m) => m.kind === 'text')).toHaveLength(1);
    await kill9(server);
  });
});
