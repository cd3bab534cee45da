import type { DomainEvent, WebhookDelivery, WebhookEndpoint } from '@atende/contracts';
import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createAndLogin,
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
  type TestDatabaseKind,
  testConfig,
  useTestApp,
} from '../../../test/helpers.js';
import { api, pairSimulator } from '../../../test/simulator-kit.js';
import { startWebhookReceiver } from '../../../test/webhook-receiver.js';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/database.js';
import { setClock } from '../../lib/clock.js';

const ALLOW_PRIVATE = { INTEGRATIONS_ALLOW_PRIVATE: 'true' };
const DOCS_EXAMPLES = new URL('../../../../../docs/examples/', import.meta.url);
const DOCS_NODE_SNIPPET = new URL('verify-webhook.mjs', DOCS_EXAMPLES).href;
type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 8000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function handedOff(conversationId: string): DomainEvent {
  return {
    type: 'conversation.handed_off',
    data: {
      conversationId,
      clientId: 'client-1',
      reason: 'cliente pediu atendente',
      cause: 'person_requested',
    },
  };
}

async function createEndpoint(app: FastifyInstance, token: string, url: string, events: string[]) {
  const created = await api(app, token).post('/api/integrations/webhooks', { url, events });
  expect(created.status).toBe(200);
  return created.body.data as { endpoint: WebhookEndpoint; secret: string };
}

async function deliveriesOf(app: FastifyInstance, token: string, endpointId: string) {
  const response = await api(app, token).get(`/api/integrations/webhooks/${endpointId}/deliveries`);
  return response.body.data as WebhookDelivery[];
}

/** A second (or third) server process over the same database, as in a cluster or after a restart. */
async function instanceOn(database: TestDatabase, env: Record<string, string>) {
  const handle = openDatabase(database.url, { readReplica: true });
  const app = await buildApp(testConfig(database.url, env), { dbHandle: handle });
  return {
    app,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}

describeEachDatabase('outbound webhooks', (kind) => {
  const ctx = useTestApp(kind, ALLOW_PRIVATE);
  let admin = '';
  let receiver: Receiver;
  beforeAll(async () => {
    admin = (await createAndLogin(ctx.app, 'admin')).token;
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver.close();
  });

  it('is for admins: an operator gets 403, a bad URL or no event a 400 in pt-BR', async () => {
    const operator = (await createAndLogin(ctx.app, 'operator')).token;
    const denied = await api(ctx.app, operator).get('/api/integrations/webhooks');
    expect(denied.status).toBe(403);
    const badUrl = await api(ctx.app, admin).post('/api/integrations/webhooks', {
      url: 'ftp://exemplo.com/x',
      events: ['message.received'],
    });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.message).toContain('http');
    const noEvent = await api(ctx.app, admin).post('/api/integrations/webhooks', {
      url: 'https://exemplo.com/x',
      events: [],
    });
    expect(noEvent.status).toBe(400);
    expect(noEvent.body.message).toContain('Escolha ao menos um evento');
  });

  it('a customer message reaches the endpoint signed (Standard Webhooks), and the reference verifier accepts it', async () => {
    const { endpoint, secret } = await createEndpoint(ctx.app, admin, receiver.url, ['message.received']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    // The secret is shown once: the list names its last characters only.
    const listed = (await api(ctx.app, admin).get('/api/integrations/webhooks')).body
      .data as WebhookEndpoint[];
    expect(JSON.stringify(listed)).not.toContain(secret);
    expect(listed.find((e) => e.id === endpoint.id)?.secretHint).toBe(`whsec_…${secret.slice(-4)}`);

    await pairSimulator(ctx.app, admin);
    const sent = await api(ctx.app, admin).post('/api/simulator/inbound', {
      phone: '5511988887777',
      name: 'Rita',
      text: 'Oi, tudo bem?',
    });
    expect(sent.status).toBe(200);
    const post = await until(
      async () => receiver.received.find((p) => p.body.includes('Oi, tudo bem?')),
      (found) => found !== undefined,
    );
    const headers = post!.headers as Record<string, string>;
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    const event = new Webhook(secret).verify(post!.body, headers) as {
      type: string;
      data: { client: { phone: string; name: string }; message: { content: string; sender: string } };
    };
    expect(event.type).toBe('message.received');
    expect(event.data.client).toMatchObject({ phone: '5511988887777', name: 'Rita' });
    expect(event.data.message).toMatchObject({ content: 'Oi, tudo bem?', sender: 'client' });

    const log = await until(
      () => deliveriesOf(ctx.app, admin, endpoint.id),
      (rows) => rows.some((row) => row.status === 'delivered'),
    );
    expect(log[0]).toMatchObject({ status: 'delivered', attempts: 1, responseStatus: 200, error: null });
    expect(log[0]?.id).toBe(headers['webhook-id']);
  });

  it('refuses a tampered body, another secret and a replay outside the 5-minute window (library and docs snippets)', async () => {
    const { secret } = await createEndpoint(ctx.app, admin, receiver.url, ['conversation.handed_off']);
    ctx.app.domainEvents.publish(handedOff('conv-replay'));
    const post = await until(
      async () => receiver.received.find((p) => p.body.includes('conv-replay')),
      (found) => found !== undefined,
    );
    const headers = post!.headers as Record<string, string>;
    const { verifyWebhook } = (await import(DOCS_NODE_SNIPPET)) as {
      verifyWebhook: (secret: string, headers: Record<string, string>, body: string) => unknown;
    };
    expect(verifyWebhook(secret, headers, post!.body)).toMatchObject({ type: 'conversation.handed_off' });
    expect(() => verifyWebhook(secret, headers, post!.body.replace('conv-replay', 'conv-other'))).toThrow(
      'invalid signature',
    );
    expect(() => new Webhook(secret).verify(post!.body.replace('conv-replay', 'x'), headers)).toThrow();
    const other = (await createEndpoint(ctx.app, admin, receiver.url, ['inbox.connected'])).secret;
    expect(() => verifyWebhook(other, headers, post!.body)).toThrow('invalid signature');

    // The same post, 6 minutes later: its signature is still right, its timestamp too old.
    const realNow = Date.now;
    Date.now = () => realNow() + 6 * 60_000;
    try {
      expect(() => verifyWebhook(secret, headers, post!.body)).toThrow('replay');
      expect(() => new Webhook(secret).verify(post!.body, headers)).toThrow(/too old/i);
      const python = await runPython(secret, headers, post!.body, 6 * 60);
      expect(python).toContain('replay');
    } finally {
      Date.now = realNow;
    }
    expect(await runPython(secret, headers, post!.body, 0)).toContain('conversation.handed_off');
    expect(await runPython(other, headers, post!.body, 0)).toContain('invalid signature');
  });

  it('"reenviar" posts a finished delivery again under the same webhook-id', async () => {
    const { endpoint } = await createEndpoint(ctx.app, admin, receiver.url, ['conversation.assigned']);
    ctx.app.domainEvents.publish({
      type: 'conversation.assigned',
      data: { conversationId: 'conv-resend', clientId: 'c', assignee: { id: 'u', name: 'Ana' }, reason: 'x' },
    });
    const [first] = await until(
      () => deliveriesOf(ctx.app, admin, endpoint.id),
      (rows) => rows[0]?.status === 'delivered',
    );
    const before = receiver.received.filter((p) => p.headers['webhook-id'] === first!.id).length;
    const resent = await api(ctx.app, admin).post(
      `/api/integrations/webhooks/${endpoint.id}/deliveries/${first!.id}/resend`,
    );
    expect(resent.status).toBe(200);
    expect(resent.body.message).toBe('Reenvio agendado');
    const [after] = await until(
      () => deliveriesOf(ctx.app, admin, endpoint.id),
      (rows) => rows[0]?.attempts === 2 && rows[0].status === 'delivered',
    );
    expect(after?.id).toBe(first!.id);
    expect(receiver.received.filter((p) => p.headers['webhook-id'] === first!.id)).toHaveLength(before + 1);
  });

  it('"reenviar" of a delivery made before an LGPD erasure keeps the envelope: type, first timestamp, data erased', async () => {
    const { endpoint } = await createEndpoint(ctx.app, admin, receiver.url, ['message.received']);
    await pairSimulator(ctx.app, admin);
    const phone = '5511966665555';
    const inbound = await api(ctx.app, admin).post('/api/simulator/inbound', {
      phone,
      name: 'Lia',
      text: 'Meu CPF é 123',
    });
    const conversationId = inbound.body.data.conversationId as string;
    const clientId = (await api(ctx.app, admin).get(`/api/conversations/${conversationId}`)).body.data
      .clientId as string;
    const [first] = await until(
      () => deliveriesOf(ctx.app, admin, endpoint.id),
      (rows) => rows[0]?.status === 'delivered',
    );
    const original = receiver.received.find((p) => p.headers['webhook-id'] === first!.id);
    const before = JSON.parse(original!.body) as { type: string; timestamp: string };
    const erased = await api(ctx.app, admin).post(`/api/clients/${clientId}/erase`, { confirm: clientId });
    expect(erased.status).toBe(200);
    const resent = await api(ctx.app, admin).post(
      `/api/integrations/webhooks/${endpoint.id}/deliveries/${first!.id}/resend`,
    );
    expect(resent.status).toBe(200);
    await until(
      () => deliveriesOf(ctx.app, admin, endpoint.id),
      (rows) => rows.find((row) => row.id === first!.id)?.attempts === 2,
    );
    const posts = receiver.received.filter((p) => p.headers['webhook-id'] === first!.id);
    const again = posts.at(-1)!;
    expect(JSON.parse(again.body)).toEqual({
      type: 'message.received',
      timestamp: before.timestamp,
      data: { erased: true },
    });
    expect(again.body).not.toContain(phone);
    expect(again.body).not.toContain('CPF');
  });

  it('conversation.assigned after a dashboard or an API send carries the assignee as {id, name} only', async () => {
    const { endpoint } = await createEndpoint(ctx.app, admin, receiver.url, ['conversation.assigned']);
    await pairSimulator(ctx.app, admin);
    const person = await createAndLogin(ctx.app, 'admin');
    const created = await api(ctx.app, admin).post('/api/integrations/api-tokens', {
      name: 'n8n',
      scopes: ['messages:send'],
    });
    const token = created.body.data.token as string;
    const conversationOf = async (phone: string) =>
      (await api(ctx.app, admin).post('/api/simulator/inbound', { phone, name: 'Cli', text: 'Quero falar' }))
        .body.data.conversationId as string;
    const byDashboard = await conversationOf('5511977770001');
    const byApi = await conversationOf('5511977770002');
    // Replying to a conversation the AI holds takes it over: an assignment to whoever sent.
    for (const [conversationId, sender] of [
      [byDashboard, person.token],
      [byApi, token],
    ] as const) {
      const sent = await api(ctx.app, sender).post(`/api/conversations/${conversationId}/messages`, {
        message: 'Olá, aqui é uma pessoa',
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    }
    const rows = await until(
      () => deliveriesOf(ctx.app, admin, endpoint.id),
      (found) => found.filter((row) => row.status === 'delivered').length >= 2,
    );
    const bodies = receiver.received
      .filter((post) => rows.some((row) => row.id === post.headers['webhook-id']))
      .map((post) => JSON.parse(post.body) as { data: Record<string, unknown> });
    const assignees = new Map(bodies.map((body) => [body.data.conversationId, body.data.assignee]));
    expect(assignees.get(byDashboard)).toEqual({ id: person.user.id, name: person.user.name });
    expect(assignees.get(byApi)).toEqual({ id: expect.any(String), name: 'n8n (API)' });
    for (const body of bodies) {
      expect(Object.keys(body.data).sort()).toEqual(['assignee', 'clientId', 'conversationId', 'reason']);
      expect(JSON.stringify(body)).not.toContain('@');
    }
  });

  it('an endpoint failing for a day is disabled, audited and announced to the admins', async () => {
    const failing = await startWebhookReceiver(500);
    try {
      const { endpoint } = await createEndpoint(ctx.app, admin, failing.url, ['conversation.handed_off']);
      await ctx.app.db
        .updateTable('webhook_endpoints')
        .set({ failing_since: Date.now() - 25 * 60 * 60_000 })
        .where('id', '=', endpoint.id)
        .execute();
      ctx.app.domainEvents.publish(handedOff('conv-dead'));
      const [row] = await until(
        () => deliveriesOf(ctx.app, admin, endpoint.id),
        (rows) => rows[0]?.attempts === 1,
      );
      expect(row).toMatchObject({ responseStatus: 500, error: 'O endpoint respondeu HTTP 500' });
      const listed = (await api(ctx.app, admin).get('/api/integrations/webhooks')).body
        .data as WebhookEndpoint[];
      expect(listed.find((e) => e.id === endpoint.id)).toMatchObject({
        enabled: false,
        disabledReason: expect.stringContaining('24 horas'),
      });
      const audit = await api(ctx.app, admin).get('/api/audit?action=webhook.disable');
      expect(JSON.stringify(audit.body.data)).toContain(endpoint.id);
      const notifications = await api(ctx.app, admin).get('/api/notifications');
      expect(JSON.stringify(notifications.body.data.items)).toContain('Webhook desativado');
    } finally {
      await failing.close();
    }
  });
});

function runPython(secret: string, headers: Record<string, string>, body: string, skewSeconds: number) {
  return import('node:child_process').then(
    ({ execFile }) =>
      new Promise<string>((resolve) => {
        const script = [
          'import json, sys, time',
          `sys.path.insert(0, ${JSON.stringify(DOCS_EXAMPLES.pathname)})`,
          'from verify_webhook import verify_webhook',
          'data = json.load(sys.stdin)',
          `real = time.time; time.time = lambda: real() + ${skewSeconds}`,
          'try:',
          '    print(verify_webhook(data["secret"], data["headers"], data["body"].encode())["type"])',
          'except ValueError as error:',
          '    print(error)',
        ].join('\n');
        const child = execFile('python3', ['-c', script], (_error, stdout) => resolve(stdout));
        child.stdin?.end(JSON.stringify({ secret, headers, body }));
      }),
  );
}

/** Runs across instances of one database: a restart, and two processes at once. */
describe.each(['sqlite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])] as TestDatabaseKind[])(
  'outbound webhooks across processes [%s]',
  (kind) => {
    let database: TestDatabase;
    let receiver: Receiver;
    const opened: Array<{ close(): Promise<void> }> = [];
    let restoreClock: (() => void) | null = null;
    beforeAll(async () => {
      database = await createTestDatabase(kind);
      receiver = await startWebhookReceiver(503);
    });
    afterEach(async () => {
      restoreClock?.();
      restoreClock = null;
      for (const instance of opened.splice(0)) await instance.close();
    });
    afterAll(async () => {
      await receiver.close();
      await database.destroy();
    });

    it('a failed attempt is retried after a restart, by the next process, under the same webhook-id', async () => {
      const first = await instanceOn(database, ALLOW_PRIVATE);
      const admin = (await createAndLogin(first.app, 'admin')).token;
      const { endpoint, secret } = await createEndpoint(first.app, admin, receiver.url, [
        'conversation.handed_off',
      ]);
      first.app.domainEvents.publish(handedOff('conv-restart'));
      const [failed] = await until(
        () => deliveriesOf(first.app, admin, endpoint.id),
        (rows) => rows[0]?.attempts === 1,
      );
      expect(failed).toMatchObject({ status: 'pending', responseStatus: 503 });
      expect(Date.parse(failed!.nextAttemptAt!) - Date.parse(failed!.lastAttemptAt!)).toBe(15_000);
      await first.close();

      receiver.setStatus(204);
      restoreClock = setClock(() => Date.now() + 20_000);
      const second = await instanceOn(database, ALLOW_PRIVATE);
      opened.push(second);
      const [delivered] = await until(
        () => deliveriesOf(second.app, admin, endpoint.id),
        (rows) => rows[0]?.status === 'delivered',
      );
      expect(delivered).toMatchObject({ attempts: 2, responseStatus: 204, nextAttemptAt: null });
      const posts = receiver.received.filter((p) => p.headers['webhook-id'] === failed!.id);
      expect(posts).toHaveLength(2);
      expect(posts[0]?.headers['webhook-timestamp']).not.toBe(posts[1]?.headers['webhook-timestamp']);
      for (const post of posts) {
        expect(() =>
          new Webhook(secret).verify(post.body, post.headers as Record<string, string>),
        ).not.toThrow();
      }
    });

    it('two processes share the queue: every event is posted once', async () => {
      receiver.setStatus(200);
      const a = await instanceOn(database, ALLOW_PRIVATE);
      const b = await instanceOn(database, ALLOW_PRIVATE);
      opened.push(a, b);
      const admin = (await createAndLogin(a.app, 'admin')).token;
      const { endpoint } = await createEndpoint(a.app, admin, receiver.url, ['conversation.status_changed']);
      const already = receiver.received.length;
      const completed = (conversationId: string): DomainEvent => ({
        type: 'conversation.status_changed',
        data: { conversationId, clientId: 'c', status: 'completed', previousStatus: 'active' },
      });
      for (let i = 0; i < 20; i++) {
        a.app.domainEvents.publish(completed(`conv-a-${i}`));
        b.app.domainEvents.publish(completed(`conv-b-${i}`));
      }
      const all = await until(
        () =>
          a.app.db
            .selectFrom('webhook_deliveries')
            .select(['id', 'status', 'attempts'])
            .where('endpoint_id', '=', endpoint.id)
            .execute(),
        (rows) => rows.length === 40 && rows.every((row) => row.status === 'delivered'),
      );
      expect(all.every((row) => row.attempts === 1)).toBe(true);
      const posts = receiver.received.slice(already);
      const ids = posts.map((p) => p.headers['webhook-id']);
      expect(new Set(ids).size).toBe(40);
      expect(ids).toHaveLength(40);
    });

    it('refuses a private URL at save without INTEGRATIONS_ALLOW_PRIVATE, in every notation, in pt-BR', async () => {
      const guarded = await instanceOn(database, {});
      opened.push(guarded);
      const admin = (await createAndLogin(guarded.app, 'admin')).token;
      const refused = (response: { status: number; body: { success: boolean; message: string } }) => {
        expect(response.status).toBe(400);
        expect(response.body.success).toBe(false);
        expect(response.body.message).toMatch(/^Endereço privado ou local/);
      };
      const before = (await api(guarded.app, admin).get('/api/integrations/webhooks')).body.data.length;
      for (const host of [
        '127.0.0.1:9',
        '2130706433',
        '0x7f.1',
        '[::ffff:127.0.0.1]',
        '192.168.0.10',
        'localhost',
      ]) {
        refused(
          await api(guarded.app, admin).post('/api/integrations/webhooks', {
            url: `http://${host}/hook`,
            events: ['message.received'],
          }),
        );
      }
      expect((await api(guarded.app, admin).get('/api/integrations/webhooks')).body.data).toHaveLength(
        before,
      );
      // A public address is saved; moving it onto a private one is refused too.
      const { endpoint } = await createEndpoint(guarded.app, admin, 'https://93.184.216.34/hook', [
        'message.received',
      ]);
      const patched = await guarded.app.inject({
        method: 'PATCH',
        url: `/api/integrations/webhooks/${endpoint.id}`,
        headers: { authorization: `Bearer ${admin}` },
        payload: { url: 'http://0x7f.1/hook' },
      });
      refused({ status: patched.statusCode, body: patched.json() });
      const listed = (await api(guarded.app, admin).get('/api/integrations/webhooks')).body
        .data as WebhookEndpoint[];
      expect(listed.find((e) => e.id === endpoint.id)?.url).toBe('https://93.184.216.34/hook');
      await guarded.app.inject({
        method: 'DELETE',
        url: `/api/integrations/webhooks/${endpoint.id}`,
        headers: { authorization: `Bearer ${admin}` },
      });
    });

    it('refuses a private address at delivery too (a name may resolve elsewhere later): failed at once, nothing posted, no retry', async () => {
      // Saved where private receivers are allowed; delivered by an instance where they are not.
      const allowing = await instanceOn(database, ALLOW_PRIVATE);
      const admin = (await createAndLogin(allowing.app, 'admin')).token;
      const { endpoint } = await createEndpoint(allowing.app, admin, receiver.url, ['inbox.connected']);
      await allowing.close();
      const guarded = await instanceOn(database, {});
      opened.push(guarded);
      const already = receiver.received.length;
      guarded.app.domainEvents.publish({
        type: 'inbox.connected',
        data: { inboxId: 'inbox-1', channel: 'simulator', name: 'Loja', reason: null },
      });
      const [row] = await until(
        () => deliveriesOf(guarded.app, admin, endpoint.id),
        (rows) => rows[0]?.status === 'failed',
      );
      expect(row).toMatchObject({ attempts: 1, nextAttemptAt: null, responseStatus: null });
      expect(row?.error).toContain('destino recusado');
      expect(receiver.received.length).toBe(already);
    });
  },
);
