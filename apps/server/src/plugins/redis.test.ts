import { describe, expect, it } from 'vitest';
import {
  bearer,
  connectSocket,
  createAndLogin,
  createTestApp,
  listen,
  nextEvent,
  sleep,
  testConfig,
} from '../../test/helpers.js';
import { buildApp } from '../app.js';
import { openDatabase } from '../db/database.js';

const redisUrl = process.env.TEST_REDIS_URL;

/** Two app instances sharing one database and Redis: events and logouts cross between them. */
describe.skipIf(!redisUrl)('with Redis (TEST_REDIS_URL)', () => {
  it('fans events out across instances, checks Redis health, and logout disconnects everywhere', async () => {
    const env = { REDIS_URL: redisUrl ?? '' };
    const a = await createTestApp('sqlite', env);
    const handleB = openDatabase(a.database.url);
    const b = await buildApp(testConfig(a.database.url, env), { dbHandle: handleB });
    try {
      const { token } = await createAndLogin(a.app, 'admin');
      const health = await a.app.inject({ url: '/api/dashboard/health', headers: bearer(token) });
      const redis = health.json().data.systems.find((s: { name: string }) => s.name === 'Redis');
      expect(redis).toMatchObject({ status: 'operational' });

      const socket = await connectSocket(await listen(b), { token });
      socket.emit('join:dashboard');
      await sleep(300);
      const received = nextEvent(socket, 'system:health');
      a.app.realtime.toDashboard('system:health', { systems: [], overall: 'healthy', healthPercentage: 100 });
      expect(await received).toMatchObject({ overall: 'healthy' });

      const gone = nextEvent(socket, 'disconnect', 2000);
      await a.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
      await gone;
      const me = await b.inject({ url: '/api/auth/me', headers: bearer(token) });
      expect(me.statusCode).toBe(401);
    } finally {
      await b.close();
      await handleB.close();
      await a.close();
    }
  });
});
