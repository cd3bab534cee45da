/**
 * One server process for the lease tests (run with `node --import tsx`): the real app with
 * CHANNEL=whatsapp-web on the given PostgreSQL database, over a fake socket that opens at once.
 * Arguments: database URL, lease TTL and poll (ms), and a name. Prints a JSON line whenever its state
 * changes: whether it holds the lease, is connected, how many sockets it opened and has open now,
 * what it sent, and its probe writes — every 100 ms while a socket is open it writes a signal key
 * (`probe-<name>` = a sequence number) through the channel's own key store, as Baileys does, and
 * counts the writes applied and refused (the lease's fencing).
 */

import { buildApp } from '../src/app.js';
import type { LeasedChannel } from '../src/channels/whatsapp-web/leased-channel.js';
import {
  type FakeBaileysSocket,
  fakeSocketFactory,
} from '../src/channels/whatsapp-web/test-support/fake-baileys.js';
import { openDatabase } from '../src/db/database.js';
import { testConfig } from './helpers.js';

const url = process.argv[2] as string;
const name = process.argv[5] ?? 'p';
const fake = fakeSocketFactory();
const handle = openDatabase(url);
const probes = { ok: 0, lastOk: 0, refused: 0, failed: 0 };
let seq = 0;

type KeyStore = { set(data: Record<string, Record<string, unknown>>): Promise<void> };

/** Writes one probe key while this socket is open (a stale holder's in-flight writes, on resume). */
function probe(socket: FakeBaileysSocket): void {
  const keys = (socket.config.auth as { keys?: KeyStore } | undefined)?.keys;
  if (!keys) return;
  const timer = setInterval(() => {
    if (socket.ended) return clearInterval(timer);
    const n = ++seq;
    keys.set({ session: { [`probe-${name}`]: Buffer.from(String(n)) } }).then(
      () => {
        probes.ok++;
        probes.lastOk = Math.max(probes.lastOk, n);
      },
      (error: Error) => {
        if (error.name === 'FencedWriteError') probes.refused++;
        else probes.failed++;
      },
    );
  }, 100);
}

const app = await buildApp(testConfig(url, { CHANNEL: 'whatsapp-web' }), {
  dbHandle: handle,
  whatsappWeb: {
    socketFactory: (config: Record<string, unknown>) => {
      const socket = fake.factory(config);
      socket.user = { id: '5511900000000:3@s.whatsapp.net' };
      setTimeout(() => {
        socket.emit('connection.update', { connection: 'open' });
        probe(socket);
      }, 10);
      return socket;
    },
    lease: { ttlMs: Number(process.argv[3] ?? 3000), pollMs: Number(process.argv[4] ?? 500) },
  },
});
let last = '';
setInterval(() => {
  const state = {
    holder: (app.domain.channel.current() as LeasedChannel).isHolder(),
    // This process's own connection (the status is the number's: the holder's, read from anywhere).
    connected:
      (app.domain.channel.current() as LeasedChannel).isHolder() && app.domain.channel.status().connected,
    sockets: fake.sockets.length,
    open: fake.sockets.filter((socket) => !socket.ended).length,
    // What this process handed to WhatsApp (send jobs it ran), by our provider message id.
    sent: fake.sockets.flatMap((socket) => socket.sent.map((send) => String(send.options?.messageId))),
    probes: { lastOk: probes.lastOk, refused: probes.refused, failed: probes.failed },
  };
  const line = JSON.stringify(state);
  if (line !== last) process.stdout.write(`${JSON.stringify({ ...state, at: Date.now() })}\n`);
  last = line;
}, 20);
