import type { AuthKeyStore, ChannelLogger, ChannelSink, ChannelStatus } from '@atende/contracts';
import makeWASocket, { type ConnectionState, initAuthCreds } from '@whiskeysockets/baileys';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { type FakeWhatsappServer, startFakeWhatsappServer } from '../test-support/fake-whatsapp-server.mjs';
import { baileysLogger } from './baileys-logger.js';
import { createChannel } from './index.js';

/**
 * The real Baileys client (makeWASocket, no fake socket) against the local fake WhatsApp server: the
 * Noise handshake completes, the client registers, and the `pair-device` refs become QR codes. This is
 * what the production smoke relies on to see the linked device reach its first state.
 */

const VERSION: [number, number, number] = [2, 3000, 1043857760];

const warnings: string[] = [];
const logger: ChannelLogger = {
  info: () => {},
  warn: (_obj, msg) => warnings.push(msg ?? ''),
  error: (_obj, msg) => warnings.push(msg ?? ''),
};

let fake: FakeWhatsappServer;
beforeEach(async () => {
  warnings.length = 0;
  fake = await startFakeWhatsappServer({ refs: ['2@ref-one', '2@ref-two'] });
});
afterEach(async () => {
  await fake.close();
});

async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}; Baileys said: ${warnings.join(' | ') || 'nothing'}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

it('a real Baileys socket completes the handshake and shows one QR per ref, then closes with 408', async () => {
  const updates: Array<Partial<ConnectionState>> = [];
  const socket = makeWASocket({
    auth: { creds: initAuthCreds(), keys: { get: async () => ({}), set: async () => {} } },
    waWebSocketUrl: fake.url,
    version: VERSION,
    logger: baileysLogger(logger),
    qrTimeout: 300,
  });
  socket.ev.on('connection.update', (update) => updates.push(update));
  const closed = () => updates.find((update) => update.connection === 'close');
  try {
    // "noise intermediate certificate signature invalid" here means Baileys now checks the chain
    // against WhatsApp's root key: no local server can pass that (see the fake's header).
    await until(() => updates.some((update) => update.qr) || Boolean(closed()), 15_000, 'a QR');
    expect(closed()?.lastDisconnect?.error?.message).toBeUndefined();
    const qrs = () => updates.flatMap((update) => (update.qr ? [update.qr] : []));
    expect(qrs()[0]).toContain('2@ref-one,');
    // The client registered (not a login) and announced the version it was given.
    expect(fake.clients).toHaveLength(1);
    expect(fake.clients[0]?.registration?.version).toEqual(VERSION);

    await until(() => Boolean(closed()), 5_000, 'the QR rounds to run out');
    expect(qrs()).toHaveLength(2);
    expect(qrs()[1]).toContain('2@ref-two,');
    const error = closed()?.lastDisconnect?.error as { output?: { statusCode?: number } } | undefined;
    expect(error?.output?.statusCode).toBe(408);
  } finally {
    socket.end(undefined);
  }
}, 30_000);

it("the package's createChannel with a test WebSocket URL reaches the QR state", async () => {
  const rows = new Map<string, string>();
  const auth: AuthKeyStore = {
    async read(type, ids) {
      const found = new Map<string, string>();
      for (const id of ids) {
        const value = rows.get(`${type}/${id}`);
        if (value !== undefined) found.set(id, value);
      }
      return found;
    },
    async write(entries) {
      for (const { type, id, value } of entries) {
        if (value === null) rows.delete(`${type}/${id}`);
        else rows.set(`${type}/${id}`, value);
      }
    },
    async clear() {
      rows.clear();
    },
  };
  const statuses: ChannelStatus[] = [];
  const sink: ChannelSink = {
    onStatus: (_transition, status) => statuses.push(status),
    onInboundMessage: () => Promise.reject(new Error('no messages expected')),
    onInboundReaction: () => Promise.reject(new Error('no reactions expected')),
    onDeliveryStatus: () => Promise.reject(new Error('no receipts expected')),
  };
  const channel = createChannel({
    sink,
    auth,
    sent: { find: async () => null },
    logger,
    version: VERSION,
    unavailable: () => new Error('unavailable'),
    mediaDispatcher: () => {
      throw new Error('no media expected');
    },
    testHooks: { webSocketUrl: fake.url },
  });
  try {
    await channel.start();
    await until(() => channel.status().state === 'qr', 15_000, 'the QR state');
    expect(channel.status()).toMatchObject({ state: 'qr', connected: false, channel: 'whatsapp-web' });
    expect(channel.status().qr).toContain('2@ref-one,');
    expect(statuses.map((status) => status.state)).toEqual(['connecting', 'qr']);
    expect(fake.clients.map((client) => client.registration?.version)).toEqual([VERSION]);
  } finally {
    await channel.stop();
  }
}, 30_000);
