import { randomBytes } from 'node:crypto';
import { systemHealthResponseSchema } from '@atende/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  connectSocket,
  createAndLogin,
  createTestApp,
  createTestUser,
  listen,
  recordEvents,
  sleep,
  type TestApp,
  testConfig,
} from '../../test/helpers.js';
import { buildApp } from '../app.js';
import { openDatabase } from '../db/database.js';
import { METRICS_MIN_GAP_MS } from '../insight/dashboard/live-metrics.js';

const redisUrl = process.env.TEST_REDIS_URL;

/** Two instances on one database and one Redis (a prefix of their own): what they must share. */
describe.skipIf(!redisUrl)('two instances on one Redis (TEST_REDIS_URL)', () => {
  const prefix = `test-${randomBytes(4).toString('hex')}:`;
  const env = { REDIS_URL: redisUrl ?? '', REDIS_PREFIX: prefix };
  let a: TestApp;
  let b: FastifyInstance;
  let handleB: ReturnType<typeof openDatabase>;
  let bClosed = false;

  beforeAll(async () => {
    a = await createTestApp('sqlite', { ...env, INSTANCE_NAME: 'primeira' });
    handleB = openDatabase(a.database.url);
    b = await buildApp(testConfig(a.database.url, { ...env, INSTANCE_NAME: 'segunda' }), {
      dbHandle: handleB,
    });
  });
  afterAll(async () => {
    if (!bClosed) await b?.close();
    await handleB?.close();
    await a?.close();
  });

  it('counts failed sign-ins on every instance against the same limit', async () => {
    const { email } = await createTestUser(a.app);
    const attempt = (app: FastifyInstance) =>
      app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'errada-123456' } });
    // The default policy allows 5 failures per account; they land on both instances in turn.
    for (let i = 0; i < 5; i++) expect((await attempt(i % 2 === 0 ? a.app : b)).statusCode).toBe(401);
    const blockedOnA = await attempt(a.app);
    const blockedOnB = await attempt(b);
    expect([blockedOnA.statusCode, blockedOnB.statusCode]).toEqual([429, 429]);
  });

  it('computes the live metrics once for a change seen by both instances, for the dashboards of both', async () => {
    const { token } = await createAndLogin(a.app);
    const sockets = [
      await connectSocket(await listen(a.app), { token }),
      await connectSocket(await listen(b), { token }),
    ];
    try {
      for (const socket of sockets) socket.emit('join:dashboard');
      await sleep(100);
      // The 10-second pushes are held back by a claim of their own, so only changes push here.
      await a.app.redis?.set(`${prefix}claim:metrics:periodic`, 'teste', 'PX', 60_000);
      const seen = sockets.map((socket) => recordEvents(socket, 'system:metrics'));
      const activity = {
        id: 'atividade-1',
        type: 'system' as const,
        title: 'Teste',
        description: 'Mudança vista pelas duas instâncias',
        timestamp: new Date().toISOString(),
      };
      a.app.realtime.toDashboard('analytics:update', activity);
      b.realtime.toDashboard('analytics:update', activity);
      // One push reaches both dashboards; the instance that lost the claim pushes once more after the
      // gap (its change may have come after the first push's figures), and that is all.
      const counts = () => seen.map((s) => s.received.length);
      const until = async (n: number) => {
        const deadline = Date.now() + 5000;
        while (counts().some((c) => c < n) && Date.now() < deadline) await sleep(10);
      };
      await until(1);
      expect(counts()).toEqual([1, 1]);
      await until(2);
      expect(counts()).toEqual([2, 2]);
      await sleep(METRICS_MIN_GAP_MS * 1.5);
      expect(counts()).toEqual([2, 2]);
    } finally {
      for (const socket of sockets) socket.disconnect();
    }
  });

  it('lists every instance in the health check, with its connections and event-loop delay', async () => {
    const { token } = await createAndLogin(a.app, 'operator');
    const socket = await connectSocket(await listen(b), { token });
    try {
      await sleep(100);
      // A heartbeat now rather than in up to 5 s: closing and starting one would do the same.
      const response = await b.inject({ url: '/api/dashboard/health', headers: bearer(token) });
      const systems = systemHealthResponseSchema.parse(response.json()).data.systems;
      const instances = systems.filter((s) => s.name.startsWith('Instância '));
      expect(instances.map((s) => s.name)).toEqual(['Instância primeira', 'Instância segunda']);
      // Each line is that instance's last heartbeat: its sockets, heap and event-loop delay.
      for (const instance of instances) {
        expect(instance.responseTime).toEqual(expect.any(Number));
        expect(instance.detail).toMatch(
          /^\d+ conexões · \d+ MB de heap · atraso de \d+ ms \(p99\) · no ar há \d+ min$/,
        );
      }
      // A busy test machine may slow a loop past 100 ms (degraded); a silent instance would be an error.
      expect(instances.every((s) => s.status !== 'error')).toBe(true);
    } finally {
      socket.disconnect();
    }
  });

  it('answers who is present from itself once closed, asking the closed Redis connection nothing', async () => {
    const { user, token } = await createAndLogin(a.app, 'operator');
    const socket = await connectSocket(await listen(a.app), { token });
    try {
      // Open, the instance asks the others: the person's dashboard is on the first one.
      await expect(b.realtime.isPresent(user.id)).resolves.toBe(true);
      await b.close();
      bClosed = true;
      // Work still finishing after the close (an assignment, a presence check) asks again: sent over the
      // closed connection, the question would fail outside any caller and wait 5 s for answers.
      const started = Date.now();
      await expect(b.realtime.isPresent(user.id)).resolves.toBe(false);
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      socket.disconnect();
    }
  });
});
