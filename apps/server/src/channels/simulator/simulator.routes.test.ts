import type { WhatsappStatus } from '@atende/contracts';
import { afterEach, beforeAll, expect, it } from 'vitest';
import {
  bearer,
  connectSocket,
  createAndLogin,
  describeEachDatabase,
  listen,
  nextEvent,
  recordEvents,
  sleep,
  useTestApp,
} from '../../../test/helpers.js';
import { api } from '../../../test/simulator-kit.js';

type Socket = Awaited<ReturnType<typeof connectSocket>>;

describeEachDatabase('simulator channel', (kind) => {
  const ctx = useTestApp(kind);
  let token = '';
  let baseUrl = '';
  const sockets: Socket[] = [];

  beforeAll(async () => {
    token = (await createAndLogin(ctx.app)).token;
    baseUrl = await listen(ctx.app);
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });

  async function dashboardSocket(): Promise<Socket> {
    const socket = await connectSocket(baseUrl);
    sockets.push(socket);
    const authenticated = nextEvent(socket, 'authenticated');
    socket.emit('authenticate', { token });
    await authenticated;
    socket.emit('join:dashboard');
    await sleep(30);
    return socket;
  }

  const status = async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/whatsapp/status',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    return (response.json() as { data: WhatsappStatus }).data;
  };
  const post = async (url: string, payload?: Record<string, unknown>) => {
    const { status: statusCode, body } = await api(ctx.app, token).post(url, payload);
    return { statusCode, json: () => body };
  };

  it('a fresh database is unpaired: the status shows a QR that encodes a pairing link with the code', async () => {
    const current = await status();
    expect(current).toMatchObject({ connected: false, state: 'qr', channel: 'simulator', phone: null });
    expect(current.pairingCode).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(current.qr).toBe(`atende-sim://pair?code=${current.pairingCode}`);
  });

  it('refuses a customer message while not connected (409, pt-BR)', async () => {
    const response = await post('/api/simulator/inbound', { phone: '5511988887777', text: 'Oi' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      success: false,
      message: 'WhatsApp desconectado',
      code: 'CONFLICT',
    });
  });

  it('a wrong code is a 400 in pt-BR and changes nothing', async () => {
    const response = await post('/api/simulator/pair', { code: 'ZZZZ-ZZZZ' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_ERROR',
      message: 'Código de pareamento inválido ou expirado',
    });
    expect((await status()).state).toBe('qr');
  });

  it('pairing with the shown code connects and emits whatsapp:ready and whatsapp:status', async () => {
    const socket = await dashboardSocket();
    const code = (await status()).pairingCode!;
    const ready = nextEvent<{ phone: string | null }>(socket, 'whatsapp:ready');
    const statusEvent = nextEvent<WhatsappStatus>(socket, 'whatsapp:status');
    const response = await post('/api/simulator/pair', { code: code.toLowerCase().replace('-', '') });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ connected: true, state: 'connected', qr: null });
    expect((await ready).phone).toMatch(/^\d+$/);
    expect((await statusEvent).state).toBeDefined();
    expect(await status()).toMatchObject({ connected: true, qr: null, pairingCode: null });
  });

  it('reconnect goes disconnected → connecting → connected, with events', async () => {
    const socket = await dashboardSocket();
    const disconnected = nextEvent<{ reason: string | null }>(socket, 'whatsapp:disconnected');
    const statuses = recordEvents<WhatsappStatus>(socket, 'whatsapp:status');
    const ready = nextEvent(socket, 'whatsapp:ready');
    const response = await post('/api/reconnect-whatsapp');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, data: { connected: true } });
    expect((await disconnected).reason).toBe('reconnect');
    await ready;
    await sleep(20);
    expect(statuses.received.map((s) => s.state)).toEqual(['disconnected', 'connecting', 'connected']);
  });

  it('pairing survives a restart of the channel', async () => {
    await ctx.app.domain.channel.stop();
    expect((await status()).connected).toBe(false);
    await ctx.app.domain.channel.start();
    expect(await status()).toMatchObject({ connected: true, state: 'connected' });
  });

  it('unpair logs the device out and shows a new QR (whatsapp:qr)', async () => {
    const socket = await dashboardSocket();
    const qr = nextEvent<{ qr: string }>(socket, 'whatsapp:qr');
    const disconnected = nextEvent<{ reason: string | null }>(socket, 'whatsapp:disconnected');
    const response = await post('/api/simulator/unpair');
    expect(response.statusCode).toBe(200);
    expect((await disconnected).reason).toBe('logged_out');
    const current = await status();
    expect((await qr).qr).toBe(current.qr);
    expect(current).toMatchObject({ connected: false, state: 'qr' });
    // and pairs again with the new code
    expect((await post('/api/simulator/pair', { code: current.pairingCode })).statusCode).toBe(200);
  });

  it('every simulator and whatsapp route answers 401 without a token', async () => {
    for (const [method, url] of [
      ['GET', '/api/whatsapp/status'],
      ['POST', '/api/reconnect-whatsapp'],
      ['POST', '/api/simulator/pair'],
      ['POST', '/api/simulator/unpair'],
      ['POST', '/api/simulator/inbound'],
      ['POST', '/api/simulator/reaction'],
      ['GET', '/api/simulator/outbox'],
    ] as const) {
      const response = await ctx.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    }
  });

  it('bad bodies are 400 with a pt-BR message and a code', async () => {
    for (const [url, payload] of [
      ['/api/simulator/pair', {}],
      ['/api/simulator/pair', { code: 'x' }],
      ['/api/simulator/inbound', { phone: 'abc', text: 'Oi' }],
      ['/api/simulator/inbound', { phone: '5511988887777', text: '   ' }],
      ['/api/simulator/inbound', { phone: '5511988887777', text: 'Oi', type: 'gif' }],
      ['/api/simulator/reaction', { phone: '5511988887777', messageId: 'x', emoji: '' }],
    ] as const) {
      const response = await post(url, payload);
      expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      const body = response.json() as { success: boolean; code: string; message: string };
      expect(body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      expect(body.message).toMatch(/Dados inválidos|Telefone inválido|Texto obrigatório/);
    }
    const badQuery = await ctx.app.inject({
      method: 'GET',
      url: '/api/simulator/outbox?limit=0',
      headers: bearer(token),
    });
    expect(badQuery.statusCode).toBe(400);
  });
});
