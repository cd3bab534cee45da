import { expect, it } from 'vitest';
import { bearer, createAndLogin, createTestApp, listen, sleep } from '../test/helpers.js';

it('graceful close: an in-flight request finishes, then the server stops accepting', async () => {
  const test = await createTestApp('sqlite');
  let closed = false;
  try {
    const { token } = await createAndLogin(test.app);
    test.app.healthChecks.register('Lento', async () => {
      await sleep(600);
      return { status: 'operational', responseTime: 600 };
    });
    const url = await listen(test.app);
    const inFlight = fetch(`${url}/api/dashboard/health`, { headers: bearer(token) });
    await sleep(100);
    const closing = test.app.close();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(((await response.json()) as { success: boolean }).success).toBe(true);
    await closing;
    closed = true;
    await expect(fetch(`${url}/api/public/info`)).rejects.toThrow();
  } finally {
    if (!closed) await test.app.close();
    await test.handle.close();
    await test.database.destroy();
  }
});
