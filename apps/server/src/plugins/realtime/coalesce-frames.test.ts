import { createServer } from 'node:http';
import type { AddressInfo, Socket as NetSocket } from 'node:net';
import { Server } from 'socket.io';
import { io as connect } from 'socket.io-client';
import { afterEach, expect, it } from 'vitest';
import { coalesceSocketFrames } from './coalesce-frames.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

it('sends the events emitted in one tick to a socket in one write, unchanged and in order', async () => {
  coalesceSocketFrames();
  const http = createServer();
  const io = new Server(http);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => io.close(() => resolve())));
  const { port } = http.address() as AddressInfo;

  const client = connect(`http://127.0.0.1:${port}`, { transports: ['websocket'], forceNew: true });
  cleanups.push(() => {
    client.disconnect();
  });
  const serverSocket = await new Promise<{ join(room: string): void; conn: unknown }>((resolve) =>
    io.once('connection', resolve),
  );
  serverSocket.join('room');
  await new Promise<void>((resolve) =>
    client.connected ? resolve() : client.once('connect', () => resolve()),
  );

  // Count the writes that reach the TCP socket under this connection.
  const tcp = (serverSocket.conn as { transport: { socket: { _socket: NetSocket } } }).transport.socket
    ._socket;
  let writes = 0;
  const writev = tcp._writev?.bind(tcp);
  const write = tcp._write.bind(tcp);
  tcp._writev = (chunks, callback) => {
    writes++;
    writev?.(chunks, callback);
  };
  tcp._write = (chunk, encoding, callback) => {
    writes++;
    write(chunk, encoding, callback);
  };

  const received: number[] = [];
  const all = new Promise<void>((resolve) =>
    client.on('tick', (n: number) => {
      received.push(n);
      if (received.length === 50) resolve();
    }),
  );
  for (let n = 0; n < 50; n++) io.to('room').emit('tick', n);
  await all;
  expect(received).toEqual(Array.from({ length: 50 }, (_, n) => n));
  expect(writes).toBeLessThanOrEqual(2); // 50 without coalescing
});
