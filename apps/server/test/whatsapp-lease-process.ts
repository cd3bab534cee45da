/**
 * One server process for the lease test (run with `node --import tsx`): the real app with
 * CHANNEL=whatsapp-web on the given PostgreSQL database, over a fake socket that opens at once.
 * Prints `{"holder":true|false,"connected":…,"sockets":n,"sent":[provider ids]}` whenever that changes.
 */

import { buildApp } from '../src/app.js';
import { fakeSocketFactory } from '../src/channels/whatsapp-web/fake-baileys.js';
import type { LeasedChannel } from '../src/channels/whatsapp-web/leased-channel.js';
import { openDatabase } from '../src/db/database.js';
import { testConfig } from './helpers.js';

const url = process.argv[2] as string;
const fake = fakeSocketFactory();
const handle = openDatabase(url);
const app = await buildApp(testConfig(url, { CHANNEL: 'whatsapp-web' }), {
  dbHandle: handle,
  whatsappWeb: {
    socketFactory: (config: Record<string, unknown>) => {
      const socket = fake.factory(config);
      socket.user = { id: '5511900000000:3@s.whatsapp.net' };
      setTimeout(() => socket.emit('connection.update', { connection: 'open' }), 10);
      return socket;
    },
    lease: { ttlMs: Number(process.argv[3] ?? 3000), pollMs: Number(process.argv[4] ?? 500) },
  },
});
let last = '';
setInterval(() => {
  const line = JSON.stringify({
    holder: (app.domain.channel.current() as LeasedChannel).isHolder(),
    connected: app.domain.channel.status().connected,
    sockets: fake.sockets.length,
    // What this process handed to WhatsApp (send jobs it ran), by our provider message id.
    sent: fake.sockets.flatMap((socket) => socket.sent.map((send) => String(send.options?.messageId))),
  });
  if (line !== last) process.stdout.write(`${line}\n`);
  last = line;
}, 50);
