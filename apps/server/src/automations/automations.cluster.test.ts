import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createAndLogin,
  createTestApp,
  DATABASE_KINDS,
  type TestApp,
  testConfig,
} from '../../test/helpers.js';
import { api, pairSimulator } from '../../test/simulator-kit.js';
import { startWebhookReceiver } from '../../test/webhook-receiver.js';
import { buildApp } from '../app.js';
import { openDatabase } from '../db/database.js';
import { automationSweepJob } from '../jobs/job-kinds.js';

const redisUrl = process.env.TEST_REDIS_URL;
const CUSTOMERS = 12;

/** How long and how often the test polls for what the jobs do on both instances. */
const POLL = { timeout: 30_000, interval: 50 };

/**
 * Two instances on one database and one Redis, both running jobs, hear the same events: each
 * customer message delivered to both at once (a provider's webhook retried on the other instance),
 * and both sweeping for conversations nobody answered at the same moment. Each rule acts exactly once
 * per event: one message to the customer, one note, one webhook post, one line in the run log.
 */
describe.skipIf(!redisUrl)('automations across two instances (TEST_REDIS_URL)', () => {
  const kind = DATABASE_KINDS.includes('postgres') ? 'postgres' : 'sqlite';
  const env = {
    REDIS_URL: redisUrl ?? '',
    REDIS_PREFIX: `test-${randomBytes(4).toString('hex')}:`,
    INTEGRATIONS_ALLOW_PRIVATE: 'true',
  };
  let a: TestApp;
  let b: FastifyInstance;
  let handleB: ReturnType<typeof openDatabase>;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let admin: Awaited<ReturnType<typeof createAndLogin>>;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    a = await createTestApp(kind, { ...env, INSTANCE_NAME: 'primeira' });
    admin = await createAndLogin(a.app, 'admin');
    // Paired before the second instance starts: both run the simulator from the start.
    await pairSimulator(a.app, admin.token);
    handleB = openDatabase(a.database.url);
    b = await buildApp(testConfig(a.database.url, { ...env, INSTANCE_NAME: 'segunda' }), {
      dbHandle: handleB,
    });
  });
  afterAll(async () => {
    await b?.close();
    await handleB?.close();
    await a?.close();
    await receiver?.close();
  });

  it('each rule acts once per event, whichever instance hears it', { timeout: 120_000 }, async () => {
    const onA = api(a.app, admin.token);
    const onB = api(b, admin.token);
    const boleto = await onA.post('/api/automations', {
      name: 'Boleto',
      event: 'message_received',
      conditions: [{ type: 'text_contains', words: ['boleto'] }],
      actions: [
        { type: 'send_message', text: 'Oi {primeiro_nome}, já vejo seu boleto.' },
        { type: 'add_note', text: 'Pediu boleto' },
        { type: 'call_webhook', url: receiver.url },
      ],
    });
    expect(boleto.status, JSON.stringify(boleto.body)).toBe(200);
    const waiting = await onA.post('/api/automations', {
      name: 'Sem resposta',
      event: 'no_reply_from_us',
      after: 5,
      actions: [{ type: 'add_note', text: 'Sem resposta há 5 minutos' }],
    });
    expect(waiting.status).toBe(200);
    // The second instance reads the rules again within seconds; at once here.
    await b.automations.cache.refresh();

    const conversations: string[] = [];
    for (let i = 0; i < CUSTOMERS; i++) {
      const message = {
        phone: `55119${String(80000000 + i)}`,
        name: `Cliente ${i}`,
        text: 'Preciso da segunda via do boleto',
        providerMessageId: `wamid.CLUSTER-${i}`,
      };
      // The same message at both instances at once: stored once, the other answered as a duplicate.
      const [first, second] = await Promise.all([
        onA.post('/api/simulator/inbound', message),
        onB.post('/api/simulator/inbound', message),
      ]);
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(second.body.data.conversationId).toBe(first.body.data.conversationId);
      conversations.push(first.body.data.conversationId);
    }

    const runsOf = async (conversationId: string) =>
      (await onA.get(`/api/conversations/${conversationId}/automation-runs`)).body.data as Array<{
        ruleName: string;
        lines: string[];
      }>;
    await vi.waitUntil(async () => {
      for (const id of conversations) if ((await runsOf(id)).length === 0) return false;
      return receiver.received.length >= CUSTOMERS;
    }, POLL);

    // Both instances sweep at the same moment: conversations waiting on us for 10 minutes.
    await a.app.db
      .updateTable('conversations')
      .set({ awaiting_since: Date.now() - 10 * 60_000 })
      .where('id', 'in', conversations)
      .execute();
    for (const [app, tag] of [
      [a.app, 'a'],
      [b, 'b'],
    ] as const) {
      await app.domain.jobs.enqueue(
        app.db,
        automationSweepJob,
        {},
        { dedupeKey: `sweep-now-${tag}`, runAt: 0 },
      );
      app.domain.jobs.wake();
    }
    await vi.waitUntil(async () => {
      for (const id of conversations)
        if (!(await runsOf(id)).some((run) => run.ruleName === 'Sem resposta')) return false;
      return true;
    }, POLL);
    // A duplicate (if any) has its chance to land before counting.
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    for (const id of conversations) {
      const runs = await runsOf(id);
      expect(runs.map((run) => run.ruleName).sort()).toEqual(['Boleto', 'Sem resposta']);
      const messages = await a.app.db
        .selectFrom('messages')
        .select('content')
        .where('conversation_id', '=', id)
        .where('author_name', '=', 'Automação · regra Boleto')
        .execute();
      expect(messages).toHaveLength(1);
      const notes = await a.app.db
        .selectFrom('conversation_timeline')
        .select('text')
        .where('conversation_id', '=', id)
        .where('kind', '=', 'note')
        .execute();
      expect(notes.map((note) => note.text).sort()).toEqual(['Pediu boleto', 'Sem resposta há 5 minutos']);
    }
    const posted = receiver.received.map((post) => JSON.parse(post.body).conversation.id as string);
    expect(posted.sort()).toEqual([...conversations].sort());
    // One job per rule and event, though both instances heard every message and swept.
    const jobs = await a.app.db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', 'automation_run')
      .execute();
    expect(jobs).toHaveLength(CUSTOMERS * 2);
  });
});
