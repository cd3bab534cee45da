import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { httpRequest as call, httpPairSimulator, httpSignIn } from '../../test/http-client.js';
import { type ServerProcess, startServerProcess } from '../../test/server-process.js';
import { loadDemoKnowledgeBase } from './eval/run-eval.js';

/**
 * kill -9 in the middle of the agent's pipeline, twice, on the real server process (tsx server.ts,
 * temp SQLite file, paired simulator): once after the answer is decided but before it is stored, once
 * after it is stored but before the job is marked done. After the last restart there is exactly one AI
 * reply, and the simulated customer received it exactly once.
 */
const SERVER = fileURLToPath(new URL('../../test/agent-crash-server.ts', import.meta.url));
const ADMIN = { email: 'crash-admin@teste.local', password: 'senha-crash-123' };
const PHONE = '5531988887777';

const dir = mkdtempSync(join(tmpdir(), 'atende-crash-'));
const dbFile = join(dir, 'atende.db');
const servers: ServerProcess[] = [];

afterAll(async () => {
  await Promise.all(servers.map((server) => server.kill9()));
  rmSync(dir, { recursive: true, force: true });
});

async function start(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess(SERVER, {
    DATABASE_URL: dbFile,
    LOG_LEVEL: 'info',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ...env,
  });
  servers.push(server);
  return server;
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
    let token = await httpSignIn(server.base, ADMIN);
    await httpPairSimulator(server.base, token);
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
    await server.kill9();
    let state = inspect();
    expect(state.replies).toHaveLength(0);
    expect(state.agentJobs.map((j) => j.status)).toEqual(['running']);

    // 2. Restart: the job is recovered and the reply stored; crash before the job is marked done.
    server = await start({ AGENT_TEST_PAUSE: 'after_store', AGENT_TEST_DELAY_MS: '60000' });
    await server.waitForLog('agent test pause');
    await server.kill9();
    state = inspect();
    expect(state.replies).toHaveLength(1);
    expect(state.agentJobs.map((j) => j.status)).toEqual(['running']);

    // 3. Restart normally: the job runs a third time and changes nothing; the send completes once.
    server = await start({});
    token = await httpSignIn(server.base, ADMIN);
    await httpPairSimulator(server.base, token);
    await vi.waitUntil(
      () => {
        const now = inspect();
        return now.agentJobs[0]?.status === 'done' && now.deliveries.length > 0;
      },
      { timeout: 20_000, interval: 100 },
    );
    // Give a duplicate (if any) the chance to appear before counting.
    await new Promise((resolve) => setTimeout(resolve, 500));
    state = inspect();
    expect(state.agentJobs.map((j) => j.status)).toEqual(['done']);
    expect(state.replies).toHaveLength(1);
    expect(state.replies[0]!.content).toContain('5% de desconto');
    expect(state.deliveries).toEqual([{ provider_message_id: state.replies[0]!.provider_message_id }]);
    const outbox = await call(server.base, 'GET', `/api/simulator/outbox?phone=${PHONE}`, token);
    expect((outbox.body.data as { kind: string }[]).filter((m) => m.kind === 'text')).toHaveLength(1);
    await server.kill9();
  });
});
