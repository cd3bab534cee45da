import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bearer,
  connectSocket,
  createAndLogin,
  createTestApp,
  createTestDatabase,
  DATABASE_KINDS,
  listen,
  nextEvent,
  type TestApp,
  type TestDatabase,
  testConfig,
} from '../../../test/helpers.js';
import { httpPairSimulator, httpRequest, httpSignIn } from '../../../test/http-client.js';
import { type ServerProcess, startServerProcess } from '../../../test/server-process.js';
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

    // A late offer never takes a conversation from its owner: each instance now offers every one of
    // them, at once, to the other person (as a stale read of the queue would).
    const owners = new Map(rows.map((row) => [row.id, row.handler_user_id]));
    const other = (id: string) => (owners.get(id) === ana.user.id ? bruno.user : ana.user);
    await Promise.all(
      waiting.flatMap((id) =>
        [a.app, b].map((app) =>
          app.domain.messaging.changeHandler(id, {
            mode: 'human',
            user: { id: other(id).id, name: other(id).name },
            reason: 'atribuída automaticamente',
            assignedBy: 'auto',
            onlyIfWaiting: true,
            // Room enough: only the owner may keep it from them.
            capacity: WAITING + 1,
          }),
        ),
      ),
    );
    const after = await a.app.db
      .selectFrom('conversations')
      .select(['id', 'handler_user_id'])
      .where('id', 'in', waiting)
      .execute();
    expect(new Map(after.map((row) => [row.id, row.handler_user_id]))).toEqual(owners);
  });
});

const SERVER = fileURLToPath(new URL('../../server.ts', import.meta.url));
const CUSTOMERS = 60;
const CAPACITY = 20;
const CLUSTER_ADMIN = { email: 'cluster-admin@teste.local', password: 'senha-cluster-123' };

/** One real server process (`node --import tsx server.ts`) of the cluster, on `databaseUrl` and Redis. */
function startInstance(name: string, databaseUrl: string, prefix: string) {
  return startServerProcess(
    SERVER,
    {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl ?? '',
      REDIS_PREFIX: prefix,
      INSTANCE_NAME: name,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: CLUSTER_ADMIN.email,
      ADMIN_PASSWORD: CLUSTER_ADMIN.password,
    },
    90_000,
  );
}

/** The answer's data; any refusal fails the test at once. */
async function call(base: string, method: string, path: string, token?: string, body?: unknown) {
  const response = await httpRequest(base, method, path, token, body);
  if (response.status < 200 || response.status >= 300) {
    throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
  }
  return response.body.data;
}

/**
 * The same under load, as deployed: two server processes on one PostgreSQL database and one Redis,
 * each running its own agent, jobs and assignment. Sixty customers ask for a person at once, half on
 * each instance; each instance hands off and offers what its agent handed off, and then both drain
 * the queue at once as places free on both sides. Every conversation ends with exactly one owner,
 * assigned once, and nobody ever holds more than the inbox's capacity.
 */
describe.skipIf(!redisUrl || !DATABASE_KINDS.includes('postgres'))(
  'automatic assignment across two server processes under load (TEST_REDIS_URL, TEST_DATABASE_URL)',
  () => {
    let database: TestDatabase | null = null;
    const instances: ServerProcess[] = [];
    const sockets: Array<Awaited<ReturnType<typeof connectSocket>>> = [];
    let db: ReturnType<typeof openDatabase> | null = null;

    afterAll(async () => {
      for (const socket of sockets) socket.disconnect();
      await db?.close();
      await Promise.all(instances.map((instance) => instance.stop()));
      await database?.destroy();
    });

    it('gives each of many simultaneous hand-offs one owner, within capacity', async () => {
      database = await createTestDatabase('postgres');
      const prefix = `test-${randomBytes(4).toString('hex')}:`;
      // The first migrates the fresh database; the second joins it.
      instances.push(await startInstance('primeira', database.url, prefix));
      instances.push(await startInstance('segunda', database.url, prefix));
      const [one, two] = instances as [ServerProcess, ServerProcess];
      const admin = await httpSignIn(one.base, CLUSTER_ADMIN);
      // Each process's simulator shows its own code: paired on both.
      for (const instance of instances) await httpPairSimulator(instance.base, admin);
      const people: Array<{ token: string; id: string }> = [];
      for (const name of ['Ana', 'Bruno']) {
        const email = `${name.toLowerCase()}-cluster@teste.local`;
        await call(one.base, 'POST', '/api/users', admin, {
          name,
          email,
          password: 'senha-operador-1',
          role: 'operator',
        });
        const session = await call(two.base, 'POST', '/api/auth/login', undefined, {
          email,
          password: 'senha-operador-1',
          remember: false,
        });
        people.push({ token: session.token as string, id: session.user.id as string });
      }
      const [ana, bruno] = people as [{ token: string; id: string }, { token: string; id: string }];
      const inboxId = (await call(one.base, 'GET', '/api/inboxes', admin))[0].id as string;
      await call(two.base, 'PATCH', `/api/inboxes/${inboxId}`, admin, {
        autoAssign: true,
        assignCapacity: CAPACITY,
      });
      // Ana's dashboard is on the first process, Bruno's on the second.
      for (const [instance, person] of [
        [one, ana],
        [two, bruno],
      ] as const) {
        sockets.push(await connectSocket(instance.base, { token: person.token }));
      }
      for (const instance of instances) {
        await vi.waitFor(
          async () => {
            const members = (await call(instance.base, 'GET', '/api/team/members', admin)) as Array<{
              id: string;
              availability: string;
            }>;
            for (const person of people) {
              expect(members.find((m) => m.id === person.id)?.availability).toBe('online');
            }
          },
          { timeout: 15_000, interval: 200 },
        );
      }

      // Sixty customers at once, alternating between the two processes.
      db = openDatabase(database.url);
      const handle = db;
      const sent = await Promise.all(
        Array.from({ length: CUSTOMERS }, (_, i) =>
          call((i % 2 === 0 ? one : two).base, 'POST', '/api/simulator/inbound', admin, {
            phone: `55219${String(60000000 + i)}`,
            text: 'Quero falar com um atendente, por favor',
          }),
        ),
      );
      const ids = sent.map((row) => row.conversationId as string);
      const holders = async () =>
        handle.db
          .selectFrom('conversations')
          .select(['id', 'handler_mode', 'handler_user_id', 'status'])
          .where('id', 'in', ids)
          .execute();
      const held = (rows: Awaited<ReturnType<typeof holders>>, userId: string) =>
        rows.filter((row) => row.status === 'active' && row.handler_user_id === userId);
      // Both full, the rest waiting for a place.
      await vi.waitFor(
        async () => {
          const rows = await holders();
          expect(held(rows, ana.id)).toHaveLength(CAPACITY);
          expect(held(rows, bruno.id)).toHaveLength(CAPACITY);
          expect(rows.filter((row) => row.handler_mode === 'waiting_human')).toHaveLength(
            CUSTOMERS - 2 * CAPACITY,
          );
        },
        { timeout: 60_000, interval: 250 },
      );

      // Each resolves half of theirs at once, on the other one's process: both drain the queue together.
      const rows = await holders();
      await Promise.all([
        ...held(rows, ana.id)
          .slice(0, CAPACITY / 2)
          .map((row) => call(two.base, 'POST', `/api/conversations/${row.id}/resolve`, ana.token)),
        ...held(rows, bruno.id)
          .slice(0, CAPACITY / 2)
          .map((row) => call(one.base, 'POST', `/api/conversations/${row.id}/resolve`, bruno.token)),
      ]);
      await vi.waitFor(
        async () => {
          const now = await holders();
          expect(now.filter((row) => row.handler_mode === 'waiting_human')).toHaveLength(0);
          expect(held(now, ana.id).length + held(now, bruno.id).length).toBe(2 * CAPACITY);
        },
        { timeout: 60_000, interval: 250 },
      );

      const final = await holders();
      expect(held(final, ana.id).length).toBeLessThanOrEqual(CAPACITY);
      expect(held(final, bruno.id).length).toBeLessThanOrEqual(CAPACITY);
      // Never two owners: each conversation was given to a person exactly once, by one process.
      const assignments = await handle.db
        .selectFrom('handler_changes')
        .select('conversation_id')
        .where('conversation_id', 'in', ids)
        .where('to_mode', '=', 'human')
        .execute();
      const perConversation = new Map<string, number>();
      for (const row of assignments) {
        perConversation.set(row.conversation_id, (perConversation.get(row.conversation_id) ?? 0) + 1);
      }
      expect(perConversation.size).toBe(CUSTOMERS);
      expect([...perConversation.values()].every((count) => count === 1)).toBe(true);
    }, 240_000);
  },
);
