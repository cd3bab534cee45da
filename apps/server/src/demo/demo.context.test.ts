import { DEMO_ADMIN } from '@atende/contracts';
import { afterEach, expect, it } from 'vitest';
import {
  bearer,
  createAndLogin,
  createTestApp,
  describeEachDatabase,
  login,
  sleep,
  type TestApp,
} from '../../test/helpers.js';
import { needsDemoSeed } from './demo.context.js';
import { startSimulatedTraffic } from './simulated-traffic.js';

describeEachDatabase('demo mode', (kind) => {
  let ctx: TestApp | null = null;
  afterEach(async () => {
    await ctx?.close();
    ctx = null;
  });

  it('seeds an empty database when DEMO is on, once, and the demo admin can sign in', async () => {
    ctx = await createTestApp(kind, { DEMO: 'true' });
    const count = async () =>
      Number(
        (
          await ctx!.app.db
            .selectFrom('conversations')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirst()
        )?.n,
      );
    expect(await count()).toBeGreaterThan(400);
    expect(await needsDemoSeed(ctx.app.db)).toBe(false); // a restart does not seed again
    const { token } = await login(ctx.app, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const kb = await ctx.app.inject({ method: 'GET', url: '/api/knowledge-base', headers: bearer(token) });
    expect(kb.json().data.content).toContain('Loja Aurora');
  });

  it("seeds when ADMIN_EMAIL is the demo admin's own address (its account is created first)", async () => {
    ctx = await createTestApp(kind, {
      DEMO: 'true',
      ADMIN_EMAIL: DEMO_ADMIN.email,
      ADMIN_PASSWORD: 'uma-senha-bem-forte-1',
    });
    const conversations = await ctx.app.db.selectFrom('conversations').select('id').execute();
    expect(conversations.length).toBeGreaterThan(400);
    // The account keeps the password ADMIN_PASSWORD gave it.
    await login(ctx.app, DEMO_ADMIN.email, 'uma-senha-bem-forte-1');
  });

  it('does not seed when DEMO is off', async () => {
    ctx = await createTestApp(kind);
    const row = await ctx.app.db.selectFrom('users').select('id').executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('simulated customers write through the simulator ingest path while connected, and stop', async () => {
    ctx = await createTestApp(kind);
    const { app } = ctx;
    const { token } = await createAndLogin(app, 'admin');
    const status = await app.inject({ method: 'GET', url: '/api/whatsapp/status', headers: bearer(token) });
    const qr: string = status.json().data.qr;
    const code = decodeURIComponent(qr.split('code=')[1] ?? '');
    const paired = await app.inject({
      method: 'POST',
      url: '/api/simulator/pair',
      headers: bearer(token),
      payload: { code },
    });
    expect(paired.statusCode).toBe(200);

    const traffic = startSimulatedTraffic(app, { minDelayMs: 10, maxDelayMs: 30, seed: 42 });
    const inbound = async () =>
      app.db.selectFrom('messages').select(['provider_message_id']).where('sender', '=', 'client').execute();
    for (let i = 0; i < 100 && (await inbound()).length < 8; i++) await sleep(50);
    await traffic.stop();
    const written = await inbound();
    expect(written.length).toBeGreaterThanOrEqual(8);
    expect(written.every((m) => m.provider_message_id?.startsWith('SIM'))).toBe(true);
    const clients = await app.db.selectFrom('clients').select(['phone', 'name']).execute();
    expect(clients.every((c) => /^55\d{11}$/.test(c.phone ?? '') && (c.name ?? '').includes(' '))).toBe(true);

    await sleep(200);
    const after = (await inbound()).length;
    await sleep(300);
    expect((await inbound()).length).toBe(after);
  });
});
