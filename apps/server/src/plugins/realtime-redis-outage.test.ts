import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  connectSocket,
  createAndLogin,
  createTestApp,
  listen,
  sleep,
  type TestApp,
} from '../../test/helpers.js';
import { tcpProxy } from '../../test/tcp-proxy.js';

const redisUrl = process.env.TEST_REDIS_URL;

/**
 * Redis unreachable while dashboards drop: the realtime adapter saves each dropped socket's session
 * (for its recovery) and asks the other instances, without awaiting some of those commands. Their
 * failure must be logged, not left unhandled (which ends a Node process).
 */
describe.skipIf(!redisUrl)('a Redis outage while sockets drop (TEST_REDIS_URL)', () => {
  let app: TestApp;
  let path: Awaited<ReturnType<typeof tcpProxy>>;
  const unhandled: unknown[] = [];
  const record = (reason: unknown) => unhandled.push(reason);

  beforeAll(async () => {
    path = await tcpProxy(Number(new URL(redisUrl ?? 'redis://127.0.0.1:6379').port || 6379));
    app = await createTestApp('sqlite', {
      REDIS_URL: `redis://127.0.0.1:${path.port()}`,
      REDIS_PREFIX: `test-${randomBytes(4).toString('hex')}:`,
    });
    process.on('unhandledRejection', record);
  });
  afterAll(async () => {
    process.off('unhandledRejection', record);
    await path?.restore();
    await app?.close();
  });

  it('keeps serving, with no unhandled rejection, when a socket drops while Redis is away', async () => {
    const { token } = await createAndLogin(app.app, 'operator');
    const url = await listen(app.app);
    const socket = await connectSocket(url, { token });
    const warn = vi.spyOn(app.app.log, 'warn');
    try {
      await path.cut();
      // The connection drops (not a sign-out): the server saves the session for its recovery.
      socket.io.engine.close();
      // ioredis gives the command up after its retries (a few hundred ms with Redis refusing): the
      // failure reaches its owner, and nothing is left unhandled.
      const lost = () => warn.mock.calls.some(([, message]) => message === 'redis realtime command failed');
      await vi.waitFor(() => expect(lost()).toBe(true), { timeout: 10_000, interval: 50 });
      await sleep(100);
      expect(unhandled).toEqual([]);
    } finally {
      warn.mockRestore();
    }
    const health = await app.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    socket.disconnect();
  });
});
