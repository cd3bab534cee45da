import { randomBytes } from 'node:crypto';
import { createReplayFilter } from '@atende/contracts';
import { type Socket as ClientSocket, io as connectClient } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createAndLogin,
  createTestApp,
  listen,
  nextEvent,
  sleep,
  type TestApp,
  testConfig,
} from '../../test/helpers.js';
import { pairSimulator } from '../../test/simulator-kit.js';
import { tcpProxy } from '../../test/tcp-proxy.js';
import { buildApp } from '../app.js';
import { openDatabase } from '../db/database.js';

const redisUrl = process.env.TEST_REDIS_URL;

const portOf = (url: string) => Number(new URL(url).port);

/**
 * Two instances on one database and one Redis (a prefix of its own), a dashboard socket behind a
 * balancer: its connection is cut while customers write, and it reconnects to the other instance.
 */
describe.skipIf(!redisUrl)('connection state recovery across instances (TEST_REDIS_URL)', () => {
  const env = { REDIS_URL: redisUrl ?? '', REDIS_PREFIX: `test-${randomBytes(4).toString('hex')}:` };
  let a: TestApp;
  let b: Awaited<ReturnType<typeof buildApp>>;
  let handleB: ReturnType<typeof openDatabase>;
  /** The admin writing as customers (simulator) and the dashboard's session (may be logged out). */
  let writer = '';
  let token = '';
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    a = await createTestApp('sqlite', env);
    handleB = openDatabase(a.database.url);
    b = await buildApp(testConfig(a.database.url, env), { dbHandle: handleB });
    writer = (await createAndLogin(a.app, 'admin')).token;
    token = (await createAndLogin(a.app, 'admin')).token;
    await pairSimulator(a.app, writer);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await b?.close();
    await handleB?.close();
    await a?.close();
  });

  let phone = 0;
  async function customerWrites(text: string): Promise<string> {
    phone++;
    const response = await a.app.inject({
      method: 'POST',
      url: '/api/simulator/inbound',
      headers: bearer(writer),
      payload: { phone: `55319${String(80_000_000 + phone)}`, name: 'Cliente', text },
    });
    expect(response.statusCode).toBe(200);
    return (response.json() as { data: { messageId: string } }).data.messageId;
  }

  /** A dashboard like the browser's: token in the handshake and in `authenticate`, then the room. */
  async function dashboard(url: string) {
    const socket = connectClient(url, {
      transports: ['websocket'],
      forceNew: true,
      reconnectionDelay: 50,
      reconnectionDelayMax: 100,
      auth: { token },
    });
    sockets.push(socket);
    const received: string[] = [];
    // As the web app: an event seen twice (replayed and live) around the reconnection is dropped.
    const replay = createReplayFilter();
    let repeat = false;
    socket.prependAny((_event: string, ...args: unknown[]) => {
      repeat = replay.isRepeat(args);
    });
    socket.on('conversations:newMessage', (event: { id: string; sender: string }) => {
      if (!repeat && event.sender === 'client') received.push(event.id);
    });
    const rejoins: Array<{ replayed: boolean } | undefined> = [];
    let first = true;
    // The last event heard before the drop (what comes after it, an `authenticated`, has a newer one).
    let since: string | null = null;
    socket.on('disconnect', () => {
      since = replay.latest();
    });
    socket.on('connect', () => socket.emit('authenticate', { token }));
    socket.on('authenticated', () => {
      if (!first && !socket.recovered && since) {
        socket.emit('rejoin:dashboard', { since }, (result: { data?: { replayed: boolean } }) =>
          rejoins.push(result.data),
        );
      }
      first = false;
    });
    await nextEvent(socket, 'authenticated');
    await new Promise((resolve) => socket.emit('join:dashboard', resolve));
    return { socket, received, rejoins };
  }

  it('delivers every event missed while the socket was cut, once each, on the other instance', async () => {
    const [urlA, urlB] = [await listen(a.app), await listen(b)];
    const front = await tcpProxy(portOf(urlB));
    try {
      const { socket, received } = await dashboard(`http://127.0.0.1:${front.port()}`);
      const sent: string[] = [];
      for (let i = 0; i < 5; i++) sent.push(await customerWrites(`antes ${i}`));
      while (received.length < sent.length) await sleep(10);

      const reconnected = new Promise<void>((resolve) => socket.io.once('reconnect', () => resolve()));
      front.switchTo(portOf(urlA));
      // Written while the socket is away (and while it reconnects).
      for (let i = 0; i < 20; i++) sent.push(await customerWrites(`durante ${i}`));
      await reconnected;
      expect(socket.recovered).toBe(true);
      for (let i = 0; i < 5; i++) sent.push(await customerWrites(`depois ${i}`));

      const deadline = Date.now() + 5000;
      while (received.length < sent.length && Date.now() < deadline) await sleep(20);
      await sleep(200);
      expect(received).toEqual(sent);
      // The restored socket is signed in: it still acts without a new `authenticate`.
      const joined = await new Promise((resolve) => socket.emit('join:dashboard', resolve));
      expect(joined).toEqual({ success: true });
    } finally {
      await front.close();
    }
  });

  it('replays what a socket missed when its instance kept nothing for it (died), with what follows live', async () => {
    const [urlA, urlB] = [await listen(a.app), await listen(b)];
    const front = await tcpProxy(portOf(urlB));
    try {
      const { socket, received, rejoins } = await dashboard(`http://127.0.0.1:${front.port()}`);
      const sent: string[] = [];
      for (let i = 0; i < 3; i++) sent.push(await customerWrites(`antes ${i}`));
      while (received.length < sent.length) await sleep(10);

      // An instance killed keeps nothing: here, its sessions are deleted as the socket drops.
      const redis = a.app.redis;
      const sessions = async () => (redis ? await redis.keys(`${env.REDIS_PREFIX}realtime:session:*`) : []);
      let back = false;
      socket.io.once('reconnect', () => {
        back = true;
      });
      socket.io.reconnectionDelay(300);
      front.switchTo(portOf(urlA));
      // Customers keep writing through the drop, the reconnection and the replay: each event reaches
      // the dashboard once, whether read from the stream or heard live.
      let writing = true;
      const writes = (async () => {
        for (let i = 0; writing; i++) {
          if (!back) {
            const keys = await sessions();
            if (keys.length > 0) await redis?.del(...keys);
          }
          sent.push(await customerWrites(`durante ${i}`));
        }
      })();
      const deadline = Date.now() + 8000;
      while (rejoins.length === 0 && Date.now() < deadline) await sleep(20);
      await sleep(300);
      writing = false;
      await writes;
      expect(socket.recovered).toBe(false);

      while (received.length < sent.length && Date.now() < deadline) await sleep(20);
      await sleep(200);
      expect(rejoins).toEqual([{ replayed: true }]);
      expect([...received].sort()).toEqual([...sent].sort());
    } finally {
      for (const socket of sockets.splice(0)) socket.disconnect();
      await front.close();
    }
  });

  it('puts a recovered socket back only in the rooms its user may still see', async () => {
    const [urlA, urlB] = [await listen(a.app), await listen(b)];
    const front = await tcpProxy(portOf(urlB));
    const as = (t: string, url: string, payload?: object) =>
      a.app.inject({
        method: payload ? 'POST' : 'GET',
        url,
        headers: bearer(t),
        ...(payload ? { payload } : {}),
      });
    try {
      const inbound = await as(writer, '/api/simulator/inbound', {
        phone: '5531988887766',
        name: 'Cliente Disputada',
        text: 'Oi, preciso de ajuda',
      });
      const conversationId = (inbound.json() as { data: { conversationId: string } }).data.conversationId;
      const ana = await createAndLogin(a.app, 'operator');
      const bruno = await createAndLogin(a.app, 'operator');
      expect(
        (await as(writer, '/api/access-control', { operatorsSeeAllConversations: false })).statusCode,
      ).toBe(200);
      token = ana.token;
      const { socket } = await dashboard(`http://127.0.0.1:${front.port()}`);
      const joined = await new Promise<{ success: boolean }>((resolve) =>
        socket.emit('join:conversation', conversationId, resolve),
      );
      expect(joined.success).toBe(true);
      const heard: string[] = [];
      socket.on('conversations:newMessage', (event: { conversationId: string; content: string }) => {
        if (event.conversationId === conversationId) heard.push(event.content);
      });

      const reconnected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      front.switchTo(portOf(urlA));
      // While Ana is away, Bruno takes the conversation: it no longer exists for her.
      expect((await as(bruno.token, `/api/conversations/${conversationId}/takeover`, {})).statusCode).toBe(
        200,
      );
      await as(writer, '/api/simulator/inbound', { phone: '5531988887766', text: 'Segredo para o Bruno' });
      await reconnected;
      expect(socket.recovered).toBe(true);
      await sleep(300);
      await as(writer, '/api/simulator/inbound', { phone: '5531988887766', text: 'Outro segredo' });
      await sleep(300);
      expect(heard).toEqual([]);
    } finally {
      await as(writer, '/api/access-control', { operatorsSeeAllConversations: true });
      await front.close();
    }
  });

  it('does not recover a socket whose session ended while it was away', async () => {
    const [urlA, urlB] = [await listen(a.app), await listen(b)];
    const front = await tcpProxy(portOf(urlB));
    try {
      const session = await createAndLogin(a.app, 'admin');
      token = session.token;
      const { socket, received } = await dashboard(`http://127.0.0.1:${front.port()}`);
      await customerWrites('antes');
      while (received.length < 1) await sleep(10);

      const refused = nextEvent<{ message: string }>(socket, 'auth_error', 5000);
      const reconnected = new Promise<void>((resolve) => socket.io.once('reconnect', () => resolve()));
      front.switchTo(portOf(urlA));
      const logout = await a.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
      expect(logout.statusCode).toBe(200);
      await customerWrites('depois do logout');
      await reconnected;
      // Socket.IO may give the socket its id back; it is signed out and in no room until it signs in.
      expect(await refused).toEqual({ message: 'Token inválido ou expirado' });
      await sleep(200);
      expect(received).toHaveLength(1);
    } finally {
      await front.close();
    }
  });
});
