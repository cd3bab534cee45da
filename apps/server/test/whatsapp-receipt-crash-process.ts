/**
 * One server process for the receipt-to-commit crash test (run with `node --import tsx`): the real app
 * with CHANNEL=whatsapp-web on the given database and media folder, over a fake socket that opens at
 * once. `crash`: its job runner is stopped (the media job stays pending), one image message arrives
 * from WhatsApp, and the process kills itself with SIGKILL the moment the sink has returned (the
 * commit is done, nothing after it runs). `restart`: runs normally (the media job downloads the file).
 */

import { buildApp } from '../src/app.js';
import { fakeSocketFactory } from '../src/channels/whatsapp-web/test-support/fake-baileys.js';
import { samples } from '../src/conversations/media/test-support/media-samples.js';
import { openDatabase } from '../src/db/database.js';
import { testConfig } from './helpers.js';

const [url, mediaDir, mode] = process.argv.slice(2) as [string, string, 'crash' | 'restart'];
const fake = fakeSocketFactory();
const handle = openDatabase(url);

const app = await buildApp(testConfig(url, { CHANNEL: 'whatsapp-web', MEDIA_DIR: mediaDir }), {
  dbHandle: handle,
  whatsappWeb: {
    socketFactory: (config: Record<string, unknown>) => {
      const socket = fake.factory(config);
      socket.user = { id: '5511900000000:3@s.whatsapp.net' };
      setTimeout(() => socket.emit('connection.update', { connection: 'open' }), 10);
      return socket;
    },
    download: async () => samples.png,
    lease: { ttlMs: 1_500, pollMs: 100 },
    onReceiptToCommit: () => {
      // Right after the commit: no later line of ours runs (the media job, the agent, the sink's caller).
      if (mode === 'crash') process.kill(process.pid, 'SIGKILL');
    },
  },
});
if (mode === 'crash') await app.domain.jobs.stop();

const connected = setInterval(() => {
  if (!app.domain.channel.status().connected) return;
  clearInterval(connected);
  process.stdout.write('{"connected":true}\n');
  if (mode !== 'crash') return;
  fake.latest().emit('messages.upsert', {
    type: 'notify',
    messages: [
      {
        key: { remoteJid: '5511944443333@s.whatsapp.net', fromMe: false, id: 'CRASH1', addressingMode: 'pn' },
        messageTimestamp: Math.floor(Date.now() / 1000),
        pushName: 'Cliente',
        message: {
          imageMessage: {
            url: 'https://mmg.whatsapp.net/v/t62.7118-24/x.enc',
            directPath: '/v/t62.7118-24/x.enc',
            mediaKey: Buffer.alloc(32, 7),
            mimetype: 'image/png',
            fileLength: samples.png.length,
            caption: 'foto do pedido',
          },
        },
      },
    ],
  });
}, 20);
