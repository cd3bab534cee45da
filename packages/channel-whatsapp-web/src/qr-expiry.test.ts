import type { AuthKeyStore, ChannelStatus, StatusTransition } from '@atende/contracts';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { type FakeWhatsappServer, startFakeWhatsappServer } from '../test-support/fake-whatsapp-server.mjs';
import { QR_ROUNDS, WhatsappWebChannel } from './whatsapp-web-channel.js';

/**
 * QR expiry with the real Baileys client against the local fake WhatsApp server: each socket shows a
 * QR per ref and Baileys closes it with 408 ("QR refs attempts ended") when none was scanned. The
 * channel starts a fresh round at once, QR_ROUNDS times, then says "QR expirado" and waits.
 */

let fake: FakeWhatsappServer;
beforeEach(async () => {
  fake = await startFakeWhatsappServer({ refs: ['2@ref-only'] });
});
afterEach(async () => {
  await fake.close();
});

const memoryAuth = (): AuthKeyStore => {
  const rows = new Map<string, string>();
  return {
    read: async (type, ids) =>
      new Map(
        ids.flatMap((id) => {
          const value = rows.get(`${type}/${id}`);
          return value === undefined ? [] : [[id, value] as [string, string]];
        }),
      ),
    write: async (entries) => {
      for (const { type, id, value } of entries) {
        if (value === null) rows.delete(`${type}/${id}`);
        else rows.set(`${type}/${id}`, value);
      }
    },
    clear: async () => rows.clear(),
  };
};

it(`a QR nobody scans: ${QR_ROUNDS} rounds, then "QR expirado" (never the outage state); reconnect starts over`, async () => {
  const seen: Array<{ transition: StatusTransition; status: ChannelStatus }> = [];
  const channel = new WhatsappWebChannel({
    sink: {
      onStatus: (transition, status) => seen.push({ transition, status }),
      onInboundMessage: () => Promise.reject(new Error('no messages expected')),
      onInboundReaction: () => Promise.reject(new Error('no reactions expected')),
      onDeliveryStatus: () => Promise.reject(new Error('no receipts expected')),
    },
    auth: memoryAuth(),
    sent: { find: async () => null },
    logger: { info: () => {}, warn: () => {}, error: () => {} },
    version: [2, 3000, 1043857760],
    unavailable: (message) => new Error(message ?? 'unavailable'),
    mediaDispatcher: () => {
      throw new Error('no media expected');
    },
    webSocketUrl: fake.url,
    qrTimeoutMs: 150,
  });
  const until = async (check: () => boolean, what: string) => {
    const deadline = Date.now() + 20_000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  try {
    await channel.start();
    await until(() => channel.status().problem === 'qr_expired', '"QR expirado"');
    const qrs = seen.filter((entry) => entry.transition.kind === 'qr');
    expect(qrs).toHaveLength(QR_ROUNDS);
    expect(fake.clients).toHaveLength(QR_ROUNDS);
    expect(seen.some((entry) => entry.status.problem === 'unreachable' || entry.status.nextAttemptAt)).toBe(
      false,
    );
    expect(channel.status()).toMatchObject({ state: 'disconnected', qr: null, nextAttemptAt: null });
    expect(channel.status().reason).toContain('Gerar novo QR code');
    // It waits for a person: no new connection on its own.
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(fake.clients).toHaveLength(QR_ROUNDS);

    await channel.reconnect();
    await until(() => channel.status().state === 'qr', 'a new QR');
    expect(channel.status().problem).toBeNull();
  } finally {
    await channel.stop();
  }
}, 60_000);
