/**
 * The real server (run with `node --import tsx`, configured by the environment like `npm start`) whose
 * linked-device inbox runs over a fake Baileys socket the parent drives through IPC: the browser
 * tests' WhatsApp phone. Each new socket shows a QR at once; the parent sends `{ id, event, payload }`
 * (a Baileys event to emit on the latest socket, e.g. `connection.update`, `messages.upsert`,
 * `messages.update`) and gets `{ done: id }` back; `{ id, query: 'sent' }` answers what the phone was
 * asked to send. `{ ready: port }` once listening.
 */

import { buildApp } from '../src/app.js';
import { fakeSocketFactory } from '../src/channels/whatsapp-web/test-support/fake-baileys.js';
import { loadConfig } from '../src/config.js';
import { samples } from '../src/conversations/media/test-support/media-samples.js';

const config = loadConfig();
const fake = fakeSocketFactory();
const app = await buildApp(config, {
  whatsappWeb: {
    socketFactory: (socketConfig: Record<string, unknown>) => {
      const socket = fake.factory(socketConfig);
      setTimeout(
        () =>
          socket.emit('connection.update', {
            qr: `2@${Date.now()},Yb3cR1Xk0mZ6aP0v9Qy7sW2tU4eR8iO1pL5kJ3hG6fD=,noise,adv`,
          }),
        50,
      );
      return socket;
    },
    download: async () => samples.png,
  },
});
await app.listen({ port: config.port, host: config.host });
const address = app.server.address();

process.on(
  'message',
  (command: { id: number; event?: string; payload?: unknown; user?: string; query?: 'sent' }) => {
    const socket = fake.latest();
    if (command.query === 'sent') {
      // What the phone was asked to send: the jid and which kind of content (text, image, …).
      const sent = fake.sockets.flatMap((s) =>
        s.sent.map((item) => ({
          jid: item.jid,
          kinds: Object.keys(item.content),
          caption: item.content.caption,
        })),
      );
      process.send?.({ done: command.id, sent });
      return;
    }
    if (command.user) socket.user = { id: command.user };
    if (command.event) socket.emit(command.event, command.payload);
    process.send?.({ done: command.id });
  },
);
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
process.send?.({ ready: address && typeof address === 'object' ? address.port : config.port });
