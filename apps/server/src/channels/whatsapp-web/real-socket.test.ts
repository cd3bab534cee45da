import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket, { type WebSocketServer } from 'ws';

// ws is CommonJS: at run time its server class hangs off the default export.
const Server = (
  WebSocket as unknown as { Server: new (options: { port: number; host: string }) => WebSocketServer }
).Server;

import { createTestDatabase, describeEachDatabase, testConfig } from '../../../test/helpers.js';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/database.js';
import { waitFor } from './test-support/contract-kit.js';

/**
 * A real Baileys socket (makeWASocket, no fake) against a local WebSocket server: proves the wiring up
 * to the handshake (our auth state, the pinned version, the Noise hello), and that a server that drops
 * the connection is reported as unreachable with the next attempt scheduled.
 */
describeEachDatabase('whatsapp-web real socket', (kind) => {
  const frames: Buffer[] = [];
  let server: WebSocketServer;
  let url = '';
  beforeAll(async () => {
    server = new Server({ port: 0, host: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws/chat`;
    server.on('connection', (socket) => {
      socket.on('message', (data) => {
        frames.push(Buffer.from(data as Buffer));
        // Not WhatsApp: hang up after the client's hello.
        socket.close();
      });
    });
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('connects with the Noise hello and, when hung up on, retries with a backoff', async () => {
    const database = await createTestDatabase(kind);
    const handle = openDatabase(database.url);
    const app = await buildApp(testConfig(database.url, { CHANNEL: 'whatsapp-web' }), {
      dbHandle: handle,
      whatsappWeb: { webSocketUrl: url },
    });
    try {
      await waitFor(() => frames.length > 0, 10_000);
      // The WhatsApp intro header: "WA", then the protocol version bytes, then the Noise ClientHello.
      expect(frames[0]?.subarray(0, 2).toString('latin1')).toBe('WA');
      await waitFor(() => app.domain.channel.status().problem === 'unreachable', 10_000);
      const status = app.domain.channel.status();
      expect(status).toMatchObject({ connected: false, state: 'disconnected' });
      expect(Date.parse(status.nextAttemptAt ?? '')).toBeGreaterThan(Date.now());
    } finally {
      await app.close();
      await handle.close();
      await database.destroy();
    }
  });
});
