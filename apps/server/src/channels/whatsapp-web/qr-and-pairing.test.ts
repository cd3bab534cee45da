import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  bearer,
  createAndLogin,
  createTestUser,
  describeEachDatabase,
  login,
} from '../../../test/helpers.js';
import { createLinkedDeviceApp, type LinkedDeviceApp, waitFor } from './test-support/contract-kit.js';
import * as f from './test-support/fixtures.js';

/** The package's QR_ROUNDS (not part of the channel port, so not imported from the optional package). */
const QR_ROUNDS = 3;

describeEachDatabase('whatsapp-web: QR expiry and the pairing code', (kind) => {
  let t: LinkedDeviceApp;
  let admin = '';
  let inboxId = '';
  beforeAll(async () => {
    t = await createLinkedDeviceApp(kind);
    admin = (await createAndLogin(t.app)).token;
    const inboxes = await t.app.inject({ method: 'GET', url: '/api/inboxes', headers: bearer(admin) });
    inboxId = inboxes.json().data[0].id;
  });
  afterAll(async () => t?.close());
  const status = () => t.app.domain.channel.status();
  /** As a real socket does on `creds.update`: the change is applied to its creds, then announced. */
  const pair = (socket: ReturnType<typeof t.fake.latest>, update: Record<string, unknown>) => {
    Object.assign((socket.config.auth as { creds: object }).creds, update);
    socket.emit('creds.update', update);
  };
  const showQr = async (ref: string) => {
    t.fake.latest().emit('connection.update', f.qr(ref));
    await waitFor(() => status().qr?.includes(ref) ?? false);
  };

  it(`a QR nobody reads: ${QR_ROUNDS} fresh rounds at once, then "QR expirado" with no retry; a new one on request`, async () => {
    const seen: string[] = [];
    for (let round = 1; round <= QR_ROUNDS; round++) {
      const sockets = t.fake.sockets.length;
      await showQr(`round-${round}`);
      seen.push(status().state);
      t.fake.latest().emit('connection.update', f.qrRefsEnded());
      if (round < QR_ROUNDS) {
        // Never the outage state: no problem, no wait, a new socket right away.
        await waitFor(() => t.fake.sockets.length === sockets + 1);
        expect(status()).toMatchObject({ problem: null, nextAttemptAt: null });
      }
    }
    await waitFor(() => status().problem === 'qr_expired');
    expect(seen).toEqual(Array(QR_ROUNDS).fill('qr'));
    expect(status()).toMatchObject({
      state: 'disconnected',
      connected: false,
      qr: null,
      nextAttemptAt: null,
    });
    expect(status().reason).toContain('Gerar novo QR code');
    const sockets = t.fake.sockets.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(t.fake.sockets.length).toBe(sockets);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/reconnect-whatsapp',
      headers: bearer(admin),
    });
    expect(again.statusCode).toBe(200);
    await waitFor(() => t.fake.sockets.length === sockets + 1);
    await showQr('after-expiry');
    expect(status().problem).toBeNull();
  });

  it('the pairing code: asked for a number, shown on the status, gone once paired; admins only, valid numbers only', async () => {
    const operator = await createTestUser(t.app, { role: 'operator' });
    const operatorToken = (await login(t.app, operator.email, operator.password)).token;
    const url = `/api/inboxes/${inboxId}/pairing-code`;
    const refused = await t.app.inject({
      method: 'POST',
      url,
      headers: bearer(operatorToken),
      payload: { phone: '5511987654321' },
    });
    expect(refused.statusCode).toBe(403);
    const invalid = await t.app.inject({
      method: 'POST',
      url,
      headers: bearer(admin),
      payload: { phone: '12ab' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toContain('Telefone inválido');

    const socket = t.fake.latest();
    const asked = await t.app.inject({
      method: 'POST',
      url,
      headers: bearer(admin),
      payload: { phone: '+55 (11) 98765-4321' },
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().data).toEqual({ code: 'K7QW3MZP' });
    expect(socket.pairingRequests).toEqual(['5511987654321']);
    expect(status()).toMatchObject({ state: 'qr', pairingCode: 'K7QW3MZP' });
    expect(t.emitted).toContain('inbox:status');
    // The QR keeps turning meanwhile; the code stays on the status.
    await showQr('while-code');
    expect(status().pairingCode).toBe('K7QW3MZP');
    const listed = await t.app.inject({ method: 'GET', url: '/api/inboxes', headers: bearer(admin) });
    expect(listed.json().data[0].status.pairingCode).toBe('K7QW3MZP');

    // The phone typed it: WhatsApp asks for a restart (515), then the new socket opens.
    pair(socket, { me: { id: '5511987654321:4@s.whatsapp.net' }, account: {} });
    socket.emit('connection.update', f.closed(515));
    await waitFor(() => t.fake.latest() !== socket);
    const paired = t.fake.latest();
    paired.user = { id: '5511987654321:4@s.whatsapp.net' };
    paired.emit('connection.update', f.opened);
    await waitFor(() => status().connected);
    expect(status()).toMatchObject({ pairingCode: null, phone: '5511987654321' });

    const connected = await t.app.inject({
      method: 'POST',
      url,
      headers: bearer(admin),
      payload: { phone: '5511987654321' },
    });
    expect(connected.statusCode).toBe(503);
    expect(connected.json().message).toBe('Este número já está conectado.');
  });

  it('a code never typed does not survive its round: the next socket registers afresh (QR), not as that number', async () => {
    await t.app.inject({ method: 'POST', url: '/api/whatsapp/logout', headers: bearer(admin) });
    await waitFor(() => status().state === 'connecting');
    await showQr('fresh');
    const socket = t.fake.latest();
    await t.app.inject({
      method: 'POST',
      url: `/api/inboxes/${inboxId}/pairing-code`,
      headers: bearer(admin),
      payload: { phone: '5511912345678' },
    });
    // What Baileys' requestPairingCode saves: the number as `me`, no account yet.
    pair(socket, { me: { id: '5511912345678@s.whatsapp.net', name: '~' }, pairingCode: 'K7QW3MZP' });
    socket.emit('connection.update', f.qrRefsEnded());
    await waitFor(() => t.fake.latest() !== socket);
    const creds = (t.fake.latest().config.auth as { creds: { me?: unknown; pairingCode?: unknown } }).creds;
    expect(creds.me).toBeUndefined();
    expect(creds.pairingCode).toBeUndefined();
    expect(status().pairingCode).toBeNull();
  });
});
