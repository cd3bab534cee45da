import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  connectSocket,
  createAndLogin,
  createTestApp,
  DATABASE_KINDS,
  listen,
  nextEvent,
  type TestApp,
  testConfig,
} from '../../../test/helpers.js';
import { api, pairSimulator } from '../../../test/simulator-kit.js';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/database.js';

const redisUrl = process.env.TEST_REDIS_URL;
const WAITING = 24;

/**
 * Two instances on one database and one Redis offer the same waiting conversations at once: each
 * gets exactly one owner, presence is seen across instances (the operator's dashboard is on one of
 * them), and nobody goes over the inbox's capacity.
 */
describe.skipIf(!redisUrl)('automatic assignment across two instances (TEST_REDIS_URL)', () => {
  const kind = DATABASE_KINDS.includes('postgres') ? 'postgres' : 'sqlite';
  const env = { REDIS_URL: redisUrl ?? '', REDIS_PREFIX: `test-${randomBytes(4).toString('hex')}:` };
  let a: TestApp;
  let b: FastifyInstance;
  let handleB: ReturnType<typeof openDatabase>;
  const sockets: Array<Awaited<ReturnType<typeof connectSocket>>> = [];

  beforeAll(async () => {
    a = await createTestApp(kind, { ...env, INSTANCE_NAME: 'primeira' });
    handleB = openDatabase(a.database.url);
    b = await buildApp(testConfig(a.database.url, { ...env, INSTANCE_NAME: 'segunda' }), {
      dbHandle: handleB,
    });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await b?.close();
    await handleB?.close();
    await a?.close();
  });

  it('gives each waiting conversation one owner, within capacity', async () => {
    const admin = await createAndLogin(a.app, 'admin');
    const ana = await createAndLogin(a.app, 'operator');
    const bruno = await createAndLogin(a.app, 'operator');
    await pairSimulator(a.app, admin.token);
    for (const app of [a.app, b]) await app.domain.jobs.stop();
    const inboxId = (await api(a.app, admin.token).get('/api/inboxes')).body.data[0].id as string;
    const capacity = WAITING / 2;
    const patched = await a.app.inject({
      method: 'PATCH',
      url: `/api/inboxes/${inboxId}`,
      headers: bearer(admin.token),
      payload: { autoAssign: true, assignCapacity: capacity },
    });
    expect(patched.statusCode).toBe(200);

    // Conversations handed off while nobody was there: they wait.
    const waiting: string[] = [];
    for (let i = 0; i < WAITING; i++) {
      const sent = await api(a.app, admin.token).post('/api/simulator/inbound', {
        phone: `55119${String(70000000 + i)}`,
        text: 'Quero falar com uma pessoa',
      });
      const id = sent.body.data.conversationId as string;
      await a.app.domain.messaging.changeHandler(id, { mode: 'waiting_human', reason: 'pedido do cliente' });
      waiting.push(id);
    }

    // Ana's dashboard is on the first instance, Bruno's on the second: both present everywhere.
    for (const [app, person] of [
      [a.app, ana],
      [b, bruno],
    ] as const) {
      const socket = await connectSocket(await listen(app));
      const authenticated = nextEvent(socket, 'authenticated');
      socket.emit('authenticate', { token: person.token });
      await authenticated;
      sockets.push(socket);
    }
    expect(await b.realtime.isPresent(ana.user.id)).toBe(true);
    expect(await a.app.realtime.isPresent(bruno.user.id)).toBe(true);

    // Both instances offer each waiting conversation at the same moment, and then the whole queue.
    await Promise.all(
      waiting.map((id) => Promise.all([a.app.assignment.assignOne(id), b.assignment.assignOne(id)])),
    );
    await Promise.all([a.app, b].map((app) => app.assignment.drain()));

    const rows = await a.app.db
      .selectFrom('conversations')
      .select(['id', 'handler_mode', 'handler_user_id'])
      .where('id', 'in', waiting)
      .execute();
    expect(rows.every((row) => row.handler_mode === 'human')).toBe(true);
    const perPerson = new Map<string, number>();
    for (const row of rows)
      perPerson.set(row.handler_user_id ?? '', (perPerson.get(row.handler_user_id ?? '') ?? 0) + 1);
    expect([...perPerson.keys()].sort()).toEqual([ana.user.id, bruno.user.id].sort());
    for (const count of perPerson.values()) expect(count).toBeLessThanOrEqual(capacity);
    // One assignment each: never taken from one owner and given to another.
    const assignments = await a.app.db
      .selectFrom('handler_changes')
      .select('conversation_id')
      .where('conversation_id', 'in', waiting)
      .where('to_mode', '=', 'human')
      .execute();
    expect(assignments).toHaveLength(WAITING);
  });
});
