import type { Duplex } from 'node:stream';
import type { Socket as ClientSocket } from 'socket.io-client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bearer,
  connectSocket,
  createAndLogin,
  createTestApp,
  describeEachDatabase,
  listen,
  nextEvent,
  recordEvents,
  sleep,
  useTestApp,
} from '../../test/helpers.js';
import { AUTH_TIMEOUT_MS } from './realtime.js';

const health = { systems: [], overall: 'healthy' as const, healthPercentage: 100 };

/**
 * Socket.IO spoken by hand over HTTP long-polling (Engine.IO 4), so that several packets travel in one
 * request and reach the server in one read: what a client library cannot be made to do. One long-poll
 * is always waiting, so whatever the server sends lands in `received` at once.
 */
async function pollingClient(base: string, auth: Record<string, string>) {
  const endpoint = `${base}/socket.io/?EIO=4&transport=polling`;
  const open = await (await fetch(endpoint)).text();
  const sid = (JSON.parse(open.slice(1)) as { sid: string }).sid;
  const at = `${endpoint}&sid=${sid}`;
  const received: string[] = [];
  let closed = false;
  const send = async (packets: string[]) => {
    const response = await fetch(at, { method: 'POST', body: packets.join('\x1e') });
    expect(await response.text()).toBe('ok');
  };
  await send([`40${JSON.stringify(auth)}`]);
  const polling = (async () => {
    while (!closed) {
      const response = await fetch(at).catch(() => null);
      if (!response?.ok) return;
      const packets = (await response.text()).split('\x1e');
      received.push(...packets);
      if (packets.includes('2')) await send(['3']);
      if (packets.includes('1')) return;
    }
  })();
  return {
    received,
    send,
    async until(match: (packet: string) => boolean): Promise<string> {
      await vi.waitFor(() => expect(received.some(match)).toBe(true), { timeout: 5000 });
      return received.find(match) as string;
    },
    async close() {
      closed = true;
      await send(['41', '1']).catch(() => undefined);
      await polling;
    },
  };
}

describeEachDatabase('realtime (Socket.IO)', (kind) => {
  const ctx = useTestApp(kind);
  let url = '';
  let token = '';
  const sockets: ClientSocket[] = [];
  const track = (socket: ClientSocket) => {
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    url = await listen(ctx.app);
    token = (await createAndLogin(ctx.app, 'operator')).token;
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });

  it('authenticates with the handshake token and then receives dashboard events', async () => {
    const socket = track(await connectSocket(url, { token }));
    const me = await new Promise<{ user: { role: string } }>((resolve) => {
      socket.once('authenticated', resolve);
      socket.emit('authenticate', { token });
    });
    expect(me.user.role).toBe('operator');
    socket.emit('join:dashboard');
    await sleep(100);
    const received = nextEvent(socket, 'system:health');
    ctx.app.realtime.toDashboard('system:health', health);
    expect(await received).toEqual(health);
  });

  it('acknowledges join:dashboard once the socket is in the room (an event sent right after reaches it)', async () => {
    const socket = track(await connectSocket(url, { token }));
    await new Promise((resolve) => {
      socket.once('authenticated', resolve);
      socket.emit('authenticate', { token });
    });
    const ack = await new Promise<unknown>((resolve) => socket.emit('join:dashboard', resolve));
    expect(ack).toEqual({ success: true });
    const received = nextEvent(socket, 'system:health');
    ctx.app.realtime.toDashboard('system:health', health);
    expect(await received).toEqual(health);
  });

  it('authenticates with the authenticate event', async () => {
    const socket = track(await connectSocket(url));
    socket.emit('authenticate', { token });
    await nextEvent(socket, 'authenticated');
  });

  it('answers the handshake token and the authenticate event once: one authenticated per connection', async () => {
    const socket = track(await connectSocket(url, { token }));
    const answers = recordEvents(socket, 'authenticated');
    await sleep(200);
    expect(answers.received).toEqual([]);
    // Asking again with the same token is answered from the same check.
    socket.emit('authenticate', { token });
    await nextEvent(socket, 'authenticated');
    await sleep(100);
    expect(answers.received).toHaveLength(1);
  });

  it('answers every invalid payload with a pt-BR refusal in its ack, and keeps the socket', async () => {
    const socket = track(await connectSocket(url, { token }));
    const ack = (event: string, payload: unknown) =>
      new Promise<unknown>((resolve) => (socket.emit as (...a: unknown[]) => void)(event, payload, resolve));
    for (const event of [
      'join:conversation',
      'leave:conversation',
      'send:message',
      'takeover:start',
      'takeover:end',
    ]) {
      expect(await ack(event, { conversationId: '' })).toMatchObject({
        success: false,
        message: expect.any(String),
      });
    }
    expect(await ack('send:message', { conversationId: 'c1', message: '' })).toMatchObject({
      success: false,
    });
    const refused = nextEvent<{ message: string }>(socket, 'auth_error');
    socket.emit('authenticate', { token: 42 } as never);
    expect(await refused).toEqual({ message: 'Token de autenticação não encontrado' });
    expect(socket.connected).toBe(true);
    expect(await ack('leave:conversation', 'c1')).toEqual({ success: true });
  });

  it('answers a bad token with auth_error and ignores every event before authentication', async () => {
    const socket = track(await connectSocket(url, { token: 'token-invalido', expect: 'auth_error' }));
    const again = nextEvent<{ message: string }>(socket, 'auth_error');
    socket.emit('authenticate', { token: 'outro-invalido' });
    expect(await again).toEqual({ message: 'Token inválido ou expirado' });
    const events = recordEvents(socket, 'system:health');
    socket.emit('join:dashboard');
    const acks: unknown[] = [];
    socket.emit('send:message', { conversationId: 'c1', message: 'oi' }, (ack: unknown) => acks.push(ack));
    socket.emit('join:conversation', 'c1', (ack: unknown) => acks.push(ack));
    await sleep(150);
    ctx.app.realtime.toDashboard('system:health', health);
    ctx.app.realtime.toConversation('c1', 'system:health', health);
    await sleep(150);
    expect(events.received).toEqual([]);
    expect(acks).toEqual([]);

    socket.emit('authenticate', { token });
    await nextEvent(socket, 'authenticated');
    socket.emit('join:dashboard');
    await sleep(100);
    ctx.app.realtime.toDashboard('system:health', health);
    await sleep(100);
    expect(events.received).toHaveLength(1);
  });

  it('sends a burst of events to a socket in a few system calls, every event in order', async () => {
    // The server side of the next WebSocket: its writes to the kernel are counted.
    const upgraded = new Promise<Duplex>((resolve) =>
      ctx.app.server.once('upgrade', (_req, tcp) => resolve(tcp)),
    );
    const socket = track(await connectSocket(url, { token }));
    const tcp = await upgraded;
    await new Promise((resolve) => socket.emit('join:dashboard', resolve));
    let writes = 0;
    for (const method of ['_write', '_writev'] as const) {
      const original = tcp[method];
      if (!original) continue;
      tcp[method] = function (this: Duplex, ...args: never[]) {
        writes++;
        return (original as (...a: never[]) => void).apply(this, args);
      } as never;
    }
    const events = recordEvents<{ healthPercentage: number }>(socket, 'system:health');
    for (let i = 0; i < 20; i++)
      ctx.app.realtime.toDashboard('system:health', { ...health, healthPercentage: i });
    await vi.waitFor(() => expect(events.received).toHaveLength(20));
    expect(events.received.map((event) => event.healthPercentage)).toEqual([...Array(20).keys()]);
    // One frame leaves at once; the 19 queued behind it leave together (without coalescing: 20 writes).
    expect(writes).toBeLessThanOrEqual(3);
  });

  it('gathers room events for 10 ms on SQLite and sends each at once on PostgreSQL', async () => {
    const socket = track(await connectSocket(url, { token }));
    await new Promise((resolve) => socket.emit('join:dashboard', resolve));
    const arrivals: number[] = [];
    socket.on('system:health', () => arrivals.push(performance.now()));
    // Pairs of events, each after a quiet moment: the first leaves at once and opens the window, the
    // second waits for the window's end. Timed from each emit (a busy machine can stretch the pause
    // between the two), the smallest of five pairs is robust to a busy machine.
    const sinceFirst: number[] = [];
    const sinceSecond: number[] = [];
    for (let i = 0; i < 5; i++) {
      arrivals.length = 0;
      await sleep(30);
      const firstAt = performance.now();
      ctx.app.realtime.toDashboard('system:health', health);
      await sleep(1);
      const secondAt = performance.now();
      ctx.app.realtime.toDashboard('system:health', health);
      await vi.waitFor(() => expect(arrivals).toHaveLength(2));
      sinceFirst.push((arrivals[1] ?? 0) - firstAt);
      sinceSecond.push((arrivals[1] ?? 0) - secondAt);
    }
    // Timers keep whole milliseconds: one may fire up to a millisecond before the window's end.
    if (kind === 'sqlite') expect(Math.min(...sinceFirst)).toBeGreaterThanOrEqual(9);
    else expect(Math.min(...sinceSecond)).toBeLessThan(6);
  });

  it('refuses an event sent before authenticate, in the same HTTP packet, with or without the handshake token', async () => {
    ctx.app.realtime.setConversationGuard(async () => true);
    for (const handshake of [{}, { token }] as Array<Record<string, string>>) {
      const client = await pollingClient(url, handshake);
      // One POST: join:conversation (ack 1), then authenticate; both decoded in one turn of the loop.
      await client.send([
        '421["join:conversation","sala-antes"]',
        `42${JSON.stringify(['authenticate', { token }])}`,
      ]);
      expect(await client.until((packet) => packet.startsWith('42["authenticated"'))).toBeTruthy();
      ctx.app.realtime.toConversation('sala-antes', 'system:health', health);
      await sleep(300);
      expect(client.received.filter((packet) => packet.startsWith('431'))).toEqual([]);
      expect(client.received.filter((packet) => packet.includes('system:health'))).toEqual([]);
      // Sent after authenticating, the same join is answered and the room heard.
      await client.send(['422["join:conversation","sala-antes"]']);
      expect(await client.until((packet) => packet.startsWith('432'))).toBe('432[{"success":true}]');
      ctx.app.realtime.toConversation('sala-antes', 'system:health', health);
      expect(await client.until((packet) => packet.includes('system:health'))).toBeTruthy();
      await client.close();
    }
  });

  it('joins a conversation room only after the guard allows it', async () => {
    ctx.app.realtime.setConversationGuard(async (_user, id) => id === 'permitida');
    const socket = track(await connectSocket(url, { token }));
    const events = recordEvents(socket, 'conversations:statusUpdate');
    const ackOf = (id: unknown) =>
      new Promise((resolve) => socket.emit('join:conversation', id as string, resolve as () => void));
    expect(await ackOf('proibida')).toEqual({ success: false, message: 'Acesso negado' });
    expect(await ackOf('permitida')).toEqual({ success: true });
    expect(await ackOf({ conversationId: '' })).toMatchObject({ success: false });
    ctx.app.realtime.toConversation('proibida', 'conversations:statusUpdate', {
      conversationId: 'proibida',
      status: 'x',
    });
    ctx.app.realtime.toConversation('permitida', 'conversations:statusUpdate', {
      conversationId: 'permitida',
      status: 'ativa',
    });
    await sleep(150);
    expect(events.received).toEqual([{ conversationId: 'permitida', status: 'ativa' }]);
    socket.emit('leave:conversation', 'permitida');
    await sleep(100);
    ctx.app.realtime.toConversation('permitida', 'conversations:statusUpdate', {
      conversationId: 'permitida',
      status: 'y',
    });
    await sleep(100);
    expect(events.received).toHaveLength(1);
    ctx.app.realtime.setConversationGuard(async () => true);
  });

  it('routes client events to the registered handler with a validated payload and an ack', async () => {
    const seen: unknown[] = [];
    ctx.app.realtime.onClientEvent('takeover:start', async (user, payload) => {
      seen.push([user.role, payload]);
      return { success: false, message: 'Conversa não encontrada' };
    });
    const socket = track(await connectSocket(url, { token }));
    const ack = await new Promise((resolve) =>
      socket.emit('takeover:start', { conversationId: 'c9' }, resolve),
    );
    expect(ack).toEqual({ success: false, message: 'Conversa não encontrada' });
    expect(seen).toEqual([['operator', { conversationId: 'c9' }]]);
    const invalid = await new Promise<{ success: boolean; message: string }>((resolve) =>
      socket.emit('takeover:start', { conversationId: 42 } as never, resolve as never),
    );
    expect(invalid.success).toBe(false);
    expect(invalid.message).toContain('conversationId');
    expect(seen).toHaveLength(1);
  });

  it('logout disconnects the session’s sockets within 2 s', async () => {
    const session = await createAndLogin(ctx.app, 'admin');
    const socket = track(await connectSocket(url, { token: session.token }));
    const disconnected = nextEvent(socket, 'disconnect', 2000);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(session.token),
    });
    expect(out.statusCode).toBe(200);
    await disconnected;
    expect(socket.connected).toBe(false);
  });

  it('rejects a foreign Origin and accepts the server’s own', async () => {
    await expect(connectSocket(url, { origin: 'https://evil.example' })).rejects.toThrow();
    const own = track(await connectSocket(url, { origin: url }));
    expect(own.connected).toBe(true);
  });

  it('disconnects a socket that floods events', async () => {
    const socket = track(await connectSocket(url, { token }));
    const disconnected = nextEvent(socket, 'disconnect', 3000);
    for (let i = 0; i < 200; i += 1) socket.emit('join:dashboard');
    await disconnected;
  });

  it('disconnects on an oversized frame', async () => {
    const socket = track(await connectSocket(url, { token }));
    const disconnected = nextEvent(socket, 'disconnect', 3000);
    socket.emit('send:message', { conversationId: 'c1', message: 'x'.repeat(200_000) });
    await disconnected;
  });
});

describe('realtime when the dashboard rooms cannot be worked out (database failing or closing)', () => {
  it('answers join:dashboard and rejoin:dashboard with an error, joins no room and keeps the socket', async () => {
    const test = await createTestApp('sqlite');
    try {
      const url = await listen(test.app);
      const { token } = await createAndLogin(test.app, 'operator');
      test.app.realtime.setDashboardRouter({
        roomsFor: async () => {
          throw new Error('driver has already been destroyed');
        },
        route: async () => null,
        mayStayInConversation: async () => false,
      });
      const socket = await connectSocket(url, { token });
      const heard = recordEvents(socket, 'system:health');
      const refusal = { success: false, message: 'Erro interno do servidor' };
      expect(await new Promise((resolve) => socket.emit('join:dashboard', resolve))).toEqual(refusal);
      expect(
        await new Promise((resolve) => socket.emit('rejoin:dashboard', { since: '0-0' }, resolve)),
      ).toEqual(refusal);
      test.app.realtime.toDashboard('system:health', health);
      await sleep(200);
      expect(heard.received).toEqual([]);
      expect(socket.connected).toBe(true);
      socket.disconnect();
    } finally {
      await test.close();
    }
  });
});

describe('realtime auth timeout', () => {
  it('drops a socket that does not authenticate within 10 s', { timeout: 20_000 }, async () => {
    const test = await createTestApp('sqlite');
    try {
      const url = await listen(test.app);
      const socket = await connectSocket(url);
      const started = Date.now();
      await nextEvent(socket, 'disconnect', 12_000);
      const elapsed = Date.now() - started;
      expect(elapsed).toBeGreaterThanOrEqual(AUTH_TIMEOUT_MS - 500);
      expect(elapsed).toBeLessThan(AUTH_TIMEOUT_MS + 1500);
    } finally {
      await test.close();
    }
  });
});
