import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Inbox, WhatsappStatus } from '@atende/contracts';
import type { FastifyInstance } from 'fastify';
import type { Socket as ClientSocket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  bearer,
  connectSocket,
  createAndLogin,
  createTestDatabase,
  describeEachDatabase,
  listen,
  recordEvents,
  sleep,
  type TestDatabase,
  testConfig,
} from '../../../test/helpers.js';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/database.js';
import type { LeasedChannel } from './leased-channel.js';
import { waitFor } from './test-support/contract-kit.js';
import { fakeSocketFactory } from './test-support/fake-baileys.js';
import * as f from './test-support/fixtures.js';

const redisUrl = process.env.TEST_REDIS_URL;
/** What a number's status changes are told to the dashboards as. */
const STATUS_EVENTS = new Set(['inbox:status', 'whatsapp:status', 'whatsapp:qr', 'whatsapp:disconnected']);

/**
 * Two instances on one database (and one Redis when TEST_REDIS_URL is set), one linked device: the
 * first holds it. Whichever instance answers, the number's state, QR and pairing code are the same;
 * the other one asks the holder for what only the holder's socket can do; only the holder tells the
 * dashboards about the number.
 */
describeEachDatabase(
  'whatsapp-web in a cluster: one state for the number, whichever instance answers',
  (kind) => {
    let database: TestDatabase;
    const mediaDir = mkdtempSync(join(tmpdir(), 'atende-wa-cluster-'));
    const prefix = `test-${randomBytes(4).toString('hex')}:`;
    const started: Array<{ close(): Promise<void> }> = [];
    const sockets: ClientSocket[] = [];

    async function instance(name: string) {
      const handle = openDatabase(database.url);
      const fake = fakeSocketFactory();
      const app: FastifyInstance = await buildApp(
        testConfig(database.url, {
          CHANNEL: 'whatsapp-web',
          MEDIA_DIR: mediaDir,
          INSTANCE_NAME: name,
          ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_PREFIX: prefix } : {}),
        }),
        {
          dbHandle: handle,
          whatsappWeb: { socketFactory: fake.factory, lease: { pollMs: 100, ttlMs: 2_000 } },
        },
      );
      const emitted: string[] = [];
      app.realtime.onEmit((event) => emitted.push(event));
      let closed = false;
      const close = async () => {
        if (closed) return;
        closed = true;
        await app.close();
        await handle.close();
      };
      started.push({ close });
      const leased = () => app.domain.channel.current() as LeasedChannel;
      return { app, fake, emitted, close, isHolder: () => leased().isHolder() };
    }

    let a: Awaited<ReturnType<typeof instance>>;
    let b: Awaited<ReturnType<typeof instance>>;
    let admin = '';
    /** With Redis: what a dashboard on the first instance heard of the number while the second started. */
    const heardAtStart: Array<{ event: string; payload: unknown }> = [];
    beforeAll(async () => {
      database = await createTestDatabase(kind);
      a = await instance('primeira');
      // The first instance takes the number (and imports Baileys: seconds on a loaded machine).
      await waitFor(() => a.fake.sockets.length > 0, 30_000);
      admin = (await createAndLogin(a.app, 'admin')).token;
      if (redisUrl) {
        const socket = await connectSocket(await listen(a.app), { token: admin });
        sockets.push(socket);
        await new Promise((resolve) => socket.emit('join:dashboard', resolve));
        socket.onAny((event: string, payload: unknown) => {
          if (STATUS_EVENTS.has(event)) heardAtStart.push({ event, payload });
        });
      }
      b = await instance('segunda');
      await sleep(500);
      for (const socket of sockets) socket.offAny();
    }, 60_000);
    afterAll(async () => {
      for (const socket of sockets) socket.disconnect();
      for (const one of started.reverse()) await one.close();
      await database?.destroy();
      rmSync(mediaDir, { recursive: true, force: true });
    });

    const status = async (app: FastifyInstance): Promise<WhatsappStatus> =>
      (await app.inject({ url: '/api/whatsapp/status', headers: bearer(admin) })).json().data;
    const inboxStatus = async (app: FastifyInstance): Promise<WhatsappStatus> =>
      ((await app.inject({ url: '/api/inboxes', headers: bearer(admin) })).json().data as Inbox[])[0]
        ?.status as WhatsappStatus;

    it('the second instance neither holds the number nor tells any dashboard about it when it starts', () => {
      expect(a.isHolder()).toBe(true);
      expect(b.isHolder()).toBe(false);
      expect(b.fake.sockets).toHaveLength(0);
      expect(heardAtStart).toEqual([]);
    });

    it("shows the holder's QR from both instances, and only the holder tells the dashboards", async () => {
      const dashboards = redisUrl
        ? await Promise.all(
            [a.app, b.app].map(async (app) => {
              const socket = await connectSocket(await listen(app), { token: admin });
              sockets.push(socket);
              await new Promise((resolve) => socket.emit('join:dashboard', resolve));
              return recordEvents<{ qr: string }>(socket, 'whatsapp:qr');
            }),
          )
        : [];
      a.fake.latest().emit('connection.update', f.qr('cluster-ref-1'));
      await waitFor(async () => (await status(a.app)).qr?.includes('cluster-ref-1') ?? false);
      const onA = await status(a.app);
      expect(onA).toMatchObject({ state: 'qr', connected: false, problem: null });
      // Read from the other instance at once: the same state and the same QR, never "held elsewhere".
      expect(await status(b.app)).toEqual(onA);
      expect(await inboxStatus(b.app)).toEqual(await inboxStatus(a.app));
      expect((await inboxStatus(b.app)).qr).toContain('cluster-ref-1');
      expect(b.emitted.filter((event) => STATUS_EVENTS.has(event))).toEqual([]);
      if (redisUrl) {
        // Each dashboard, on either instance, hears the holder's change once.
        await waitFor(() => dashboards.every((d) => d.received.length > 0));
        await sleep(200);
        for (const dashboard of dashboards) {
          expect(dashboard.received.filter((e) => e.qr.includes('cluster-ref-1'))).toHaveLength(1);
        }
      }
    });

    it('a pairing code asked of the instance that does not hold the number is asked of the holder', async () => {
      const socket = a.fake.latest();
      const asked = await b.app.inject({
        method: 'POST',
        url: '/api/inboxes/default/pairing-code',
        headers: bearer(admin),
        payload: { phone: '+55 11 98765-4321' },
      });
      expect(asked.statusCode, asked.body).toBe(200);
      expect(asked.json().data).toEqual({ code: 'K7QW3MZP' });
      expect(socket.pairingRequests).toEqual(['5511987654321']);
      expect(await status(b.app)).toMatchObject({ state: 'qr', pairingCode: 'K7QW3MZP' });
      expect(await status(a.app)).toMatchObject({ state: 'qr', pairingCode: 'K7QW3MZP' });
      expect(b.fake.sockets).toHaveLength(0);
      expect(b.emitted.filter((event) => STATUS_EVENTS.has(event))).toEqual([]);
    });

    it('"reconectar" served by the other instance reconnects the holder\'s socket', async () => {
      const before = a.fake.sockets.length;
      const reconnected = await b.app.inject({
        method: 'POST',
        url: '/api/inboxes/default/reconnect',
        headers: bearer(admin),
      });
      expect(reconnected.statusCode, reconnected.body).toBe(200);
      await waitFor(() => a.fake.sockets.length === before + 1);
      expect(b.fake.sockets).toHaveLength(0);
      a.fake.latest().user = { id: '5511987654321:4@s.whatsapp.net' };
      a.fake.latest().emit('connection.update', f.opened);
      await waitFor(async () => (await status(b.app)).connected);
      expect(await status(b.app)).toEqual(await status(a.app));
      expect(await status(b.app)).toMatchObject({ state: 'connected', phone: '5511987654321' });
    });

    it('when the holder stops, the other takes the number over and from then on speaks for it', async () => {
      await a.close();
      await waitFor(() => b.fake.sockets.length > 0, 10_000);
      expect(b.isHolder()).toBe(true);
      b.fake.latest().emit('connection.update', f.qr('cluster-ref-2'));
      await waitFor(async () => (await status(b.app)).qr?.includes('cluster-ref-2') ?? false);
      expect(b.emitted.filter((event) => STATUS_EVENTS.has(event)).length).toBeGreaterThan(0);
    });
  },
);
