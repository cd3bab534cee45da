import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '../../test/helpers.js';
import { httpRequest as call, httpPairSimulator, httpSignIn } from '../../test/http-client.js';
import { type ServerProcess, startServerProcess } from '../../test/server-process.js';
import { startWebhookReceiver } from '../../test/webhook-receiver.js';
import { openDatabase } from '../db/database.js';

/**
 * kill -9 between a customer's message and its rule's actions, on the real server process (tsx
 * server, its own database, paired simulator), at each point in turn: before the rule's first action
 * (the event committed, its job claimed); after the message was stored, before the run noted it (so
 * the restarted run sends it again, and the provider id stores it once); with the webhook answered
 * too, before the run is logged. After the last restart the customer
 * got the rule's message exactly once, the webhook receiver (a real HTTP server) got one post, and the
 * run log has one run with both lines.
 */
const SERVER = fileURLToPath(new URL('../../test/automation-crash-server.ts', import.meta.url));
const ADMIN = { email: 'crash-admin@teste.local', password: 'senha-crash-123' };
const PHONE = '5531977776666';
const RULE_TEXT = 'Oi {primeiro_nome}, seu boleto sai em instantes.';
const SENT_TEXT = 'Oi Marta, seu boleto sai em instantes.';

describeEachDatabase('automations survive kill -9 between the event and the actions', (kind) => {
  const servers: ServerProcess[] = [];
  let database: TestDatabase;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.kill9()));
    await receiver?.close();
    await database?.destroy();
  });

  async function start(env: Record<string, string>): Promise<ServerProcess> {
    const server = await startServerProcess(SERVER, {
      DATABASE_URL: database.url,
      LOG_LEVEL: 'info',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      INTEGRATIONS_ALLOW_PRIVATE: 'true',
      ...env,
    });
    servers.push(server);
    return server;
  }

  /** Reads the database directly (the server may be dead). */
  async function inspect() {
    const handle = openDatabase(database.url);
    try {
      const { db } = handle;
      const sent = await db
        .selectFrom('messages')
        .select(['provider_message_id'])
        .where('content', '=', SENT_TEXT)
        .execute();
      const deliveries = await db
        .selectFrom('simulator_deliveries')
        .select('provider_message_id')
        .where('phone', '=', PHONE)
        .where('text', '=', SENT_TEXT)
        .execute();
      const jobs = await db
        .selectFrom('jobs')
        .select('status')
        .where('kind', '=', 'automation_run')
        .execute();
      const runs = await db
        .selectFrom('automation_runs')
        .select(['event_id', 'outcome', 'lines'])
        .where('event_id', 'not like', 'mark:%')
        .execute();
      return { sent, deliveries, jobs: jobs.map((j) => j.status), runs };
    } finally {
      await handle.close();
    }
  }

  /** The dead process's claim on its job lapses (SQLite frees it at start; PostgreSQL after the lease). */
  async function leaseLapses(): Promise<void> {
    const handle = openDatabase(database.url);
    try {
      await handle.db.updateTable('jobs').set({ locked_until: 0 }).where('status', '=', 'running').execute();
    } finally {
      await handle.close();
    }
  }

  const paused = (point: string) => ({ AUTOMATION_TEST_PAUSE: point, AUTOMATION_TEST_DELAY_MS: '60000' });

  it('the message and the webhook happen exactly once across three crashes', {
    timeout: 180_000,
  }, async () => {
    // 1. Before the first action: the event and its job are committed, nothing done.
    let server = await start(paused('before:0'));
    let token = await httpSignIn(server.base, ADMIN);
    await httpPairSimulator(server.base, token);
    const rule = await call(server.base, 'POST', '/api/automations', token, {
      name: 'Boleto',
      event: 'message_received',
      conditions: [{ type: 'text_contains', words: ['boleto'] }],
      actions: [
        { type: 'send_message', text: RULE_TEXT },
        { type: 'call_webhook', url: receiver.url },
      ],
    });
    expect(rule.status, JSON.stringify(rule.body)).toBe(200);
    const inbound = await call(server.base, 'POST', '/api/simulator/inbound', token, {
      phone: PHONE,
      name: 'Marta Lima',
      text: 'Preciso do boleto',
    });
    expect(inbound.status).toBe(200);
    const conversationId = inbound.body.data.conversationId as string;
    await server.waitForLog('automation test pause');
    await server.kill9();
    let state = await inspect();
    expect(state.jobs).toEqual(['running']);
    expect(state.sent).toEqual([]);
    expect(receiver.received).toEqual([]);

    // 2. After the message is stored, before the run notes it.
    await leaseLapses();
    server = await start(paused('after:0'));
    await server.waitForLog('automation test pause');
    await server.kill9();
    state = await inspect();
    expect(state.sent).toHaveLength(1);
    expect(receiver.received).toEqual([]);

    // 3. Both done (the message noted, the webhook answered), before the run is logged.
    await leaseLapses();
    server = await start(paused('before:2'));
    await server.waitForLog('automation test pause');
    await server.kill9();
    state = await inspect();
    expect(state.sent).toHaveLength(1);
    expect(receiver.received).toHaveLength(1);
    expect(state.runs).toEqual([]);

    // 4. Restart normally: the run ends with nothing repeated; the message reaches the customer once.
    await leaseLapses();
    server = await start({});
    token = await httpSignIn(server.base, ADMIN);
    await httpPairSimulator(server.base, token);
    await vi.waitUntil(
      async () => {
        const now = await inspect();
        return now.jobs[0] === 'done' && now.runs.length > 0 && now.deliveries.length > 0;
      },
      { timeout: 30_000, interval: 100 },
    );
    // Give a duplicate (if any) the chance to appear before counting.
    await new Promise((resolve) => setTimeout(resolve, 500));
    state = await inspect();
    expect(state.jobs).toEqual(['done']);
    expect(state.sent).toHaveLength(1);
    expect(state.deliveries).toEqual([{ provider_message_id: state.sent[0]?.provider_message_id }]);
    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(receiver.received[0]?.body ?? '')).toMatchObject({
      source: 'regra Boleto',
      event: 'message_received',
      conversation: { id: conversationId },
    });
    const log = await call(server.base, 'GET', `/api/conversations/${conversationId}/automation-runs`, token);
    expect(log.body.data).toEqual([
      expect.objectContaining({
        ruleName: 'Boleto',
        outcome: 'done',
        lines: [`mensagem enviada: "${RULE_TEXT}"`, 'webhook chamado (200)'],
      }),
    ]);
    const outbox = await call(server.base, 'GET', `/api/simulator/outbox?phone=${PHONE}`, token);
    expect((outbox.body.data as { text: string }[]).filter((m) => m.text === SENT_TEXT)).toHaveLength(1);
    await server.kill9();
  });
});
