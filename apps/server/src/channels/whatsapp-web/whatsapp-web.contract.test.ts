import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAndLogin, createTestUser, DATABASE_KINDS, login } from '../../../test/helpers.js';
import { createLinkedDeviceApp, type LinkedDeviceApp, waitFor } from './test-support/contract-kit.js';
import * as f from './test-support/fixtures.js';

for (const kind of DATABASE_KINDS) {
  describe(`whatsapp-web connection policy [${kind}]`, () => {
    let t: LinkedDeviceApp;
    beforeAll(async () => {
      t = await createLinkedDeviceApp(kind);
    });
    afterAll(async () => t?.close());
    const status = () => t.app.domain.channel.status();

    it('connecting → qr ×2 → close 515 → a fresh socket at once → open', async () => {
      const first = t.fake.latest();
      expect(first.config).toMatchObject({ markOnlineOnConnect: false, version: [2, 3000, 1043857760] });
      first.emit('connection.update', { connection: 'connecting' });
      first.emit('connection.update', f.qr('ref-1'));
      await waitFor(() => status().state === 'qr');
      expect(status().qr).toContain('ref-1');
      first.emit('connection.update', f.qr('ref-2'));
      await waitFor(() => status().qr?.includes('ref-2') ?? false);
      expect(t.emitted.filter((e) => e === 'whatsapp:qr')).toHaveLength(2);
      // The phone scanned: creds saved (in our database, not on disk), then WhatsApp asks for a restart.
      first.emit('creds.update', { me: { id: '5511900000000:3@s.whatsapp.net' } });
      first.emit('connection.update', f.closed(515));
      await waitFor(() => t.fake.sockets.length === 2);
      const second = t.fake.latest();
      second.user = { id: '5511900000000:3@s.whatsapp.net' };
      second.emit('connection.update', f.opened);
      await waitFor(() => status().connected);
      expect(status()).toMatchObject({ state: 'connected', phone: '5511900000000', problem: null });
      expect(t.emitted).toContain('whatsapp:ready');
      const auth = await t.app.db
        .withTables<{ whatsapp_auth: { account: string; type: string } }>()
        .selectFrom('whatsapp_auth')
        .select('type')
        .execute();
      expect(auth.map((row) => row.type)).toContain('creds');
    });

    it('440 (replaced) stops and says so; five in a row never loop; 403 banned; 405 outdated', async () => {
      const token = (await createAndLogin(t.app)).token;
      for (let i = 0; i < 5; i++) {
        const before = t.fake.sockets.length;
        t.fake.latest().emit('connection.update', f.closed(440));
        await waitFor(() => status().problem === 'replaced');
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(t.fake.sockets.length).toBe(before);
        expect(status()).toMatchObject({ connected: false, state: 'disconnected', nextAttemptAt: null });
        expect(status().reason).toContain('Outra sessão');
        // Only the operator brings it back.
        const reconnect = await t.app.inject({
          method: 'POST',
          url: '/api/reconnect-whatsapp',
          headers: bearer(token),
        });
        expect(reconnect.statusCode).toBe(200);
        await waitFor(() => t.fake.sockets.length === before + 1);
      }
      t.fake.latest().emit('connection.update', f.closed(403));
      await waitFor(() => status().problem === 'banned');
      t.fake.latest().emit('connection.update', f.closed(405));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(status().problem).toBe('banned'); // that socket is gone: its events are ignored
      await t.app.inject({ method: 'POST', url: '/api/reconnect-whatsapp', headers: bearer(token) });
      await waitFor(() => status().state === 'connecting');
      t.fake.latest().emit('connection.update', f.closed(405));
      await waitFor(() => status().problem === 'outdated');
      expect(status().reason).toContain('WHATSAPP_WEB_VERSION');
    });

    it('408 retries with a capped backoff and shows when; 401 wipes the auth and shows a fresh QR', async () => {
      const token = (await createAndLogin(t.app)).token;
      await t.app.inject({ method: 'POST', url: '/api/reconnect-whatsapp', headers: bearer(token) });
      const before = t.fake.sockets.length;
      t.fake.latest().emit('connection.update', f.closed(408));
      await waitFor(() => status().problem === 'unreachable');
      const next = Date.parse(status().nextAttemptAt ?? '');
      expect(next - Date.now()).toBeGreaterThan(1_000);
      expect(next - Date.now()).toBeLessThanOrEqual(2_000);
      expect(status().reason).toContain('código 408');
      await waitFor(() => t.fake.sockets.length === before + 1, 4_000);

      t.fake.latest().emit('creds.update', {});
      await new Promise((resolve) => setTimeout(resolve, 50));
      t.fake.latest().emit('connection.update', f.closed(401));
      await waitFor(() => t.fake.sockets.length === before + 2);
      const rows = await t.app.db
        .withTables<{ whatsapp_auth: { account: string } }>()
        .selectFrom('whatsapp_auth')
        .select('account')
        .execute();
      expect(rows).toHaveLength(0);
      t.fake.latest().emit('connection.update', f.qr('after-logout'));
      await waitFor(() => status().state === 'qr');
      expect(status().problem).toBe('logged_out');
    });

    it('desconectar is admin-only and logs the device out', async () => {
      const operator = await createTestUser(t.app, { role: 'operator' });
      const operatorToken = (await login(t.app, operator.email, operator.password)).token;
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/whatsapp/logout',
        headers: bearer(operatorToken),
      });
      expect(refused.statusCode).toBe(403);
      const socket = t.fake.latest();
      socket.user = { id: '5511900000000:3@s.whatsapp.net' };
      socket.emit('connection.update', f.opened);
      await waitFor(() => status().connected);
      const admin = (await createAndLogin(t.app)).token;
      const before = t.fake.sockets.length;
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/whatsapp/logout',
        headers: bearer(admin),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toBe('Dispositivo desconectado');
      expect(socket.loggedOut).toBe(true);
      await waitFor(() => t.fake.sockets.length === before + 1);
    });
  });

  describe(`whatsapp-web messages [${kind}]`, () => {
    let t: LinkedDeviceApp;
    let token = '';
    beforeAll(async () => {
      t = await createLinkedDeviceApp(kind);
      await t.app.domain.jobs.stop();
      const socket = t.fake.latest();
      socket.user = { id: '5511900000000:3@s.whatsapp.net' };
      socket.emit('connection.update', f.opened);
      await waitFor(() => t.app.domain.channel.status().connected);
      token = (await createAndLogin(t.app)).token;
    });
    afterAll(async () => t?.close());

    const messages = () =>
      t.app.db
        .selectFrom('messages as m')
        .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
        .innerJoin('clients as cl', 'cl.id', 'c.client_id')
        .select([
          'm.id',
          'm.provider_message_id',
          'm.sender',
          'm.content',
          'm.type',
          'm.media_url',
          'm.media_mime_type',
          'm.reply_to_id',
          'm.status',
          'cl.phone',
          'c.id as conversation_id',
          'c.handler_mode',
        ])
        .execute();
    const byId = async (id: string) => (await messages()).find((m) => m.provider_message_id === id);
    const emit = (event: string, payload: unknown) => t.fake.latest().emit(event, payload);

    it('LID addressing: both forms known → one client by phone; later LID-only messages reach the same client', async () => {
      emit(
        'messages.upsert',
        f.upsert([f.text(f.lidKey('20117000000001', '5511988887777', 'LID1'), 'Oi, tudo bem?')]),
      );
      await waitFor(async () => Boolean(await byId('LID1')));
      emit(
        'messages.upsert',
        f.upsert([f.text(f.lidKey('20117000000001', null, 'LID2'), 'Vocês abrem sábado?')]),
      );
      await waitFor(async () => Boolean(await byId('LID2')));
      const [a, b] = [await byId('LID1'), await byId('LID2')];
      expect(a).toMatchObject({ phone: '5511988887777', sender: 'client', content: 'Oi, tudo bem?' });
      expect(b?.conversation_id).toBe(a?.conversation_id);
      const clients = await t.app.db
        .selectFrom('clients')
        .select('phone')
        .where('phone', 'like', '%7777')
        .execute();
      expect(clients).toHaveLength(1);
    });

    it('groups, broadcasts, status and newsletters are ignored', async () => {
      const before = (await messages()).length;
      emit('messages.upsert', f.upsert(f.ignored('IGN')));
      emit('messages.upsert', f.upsert([f.text(f.pnKey('5511977770000', 'AFTERIGN'), 'depois')]));
      await waitFor(async () => Boolean(await byId('AFTERIGN')));
      expect((await messages()).length).toBe(before + 1);
    });

    it('outbound text: our id is stored first, sendMessage carries it, the echo is not stored twice', async () => {
      const phone = '5511966660000';
      emit('messages.upsert', f.upsert([f.text(f.pnKey(phone, 'IN1'), 'Quero um orçamento')]));
      await waitFor(async () => Boolean(await byId('IN1')));
      const inbound = await byId('IN1');
      const sent = await t.app.inject({
        method: 'POST',
        url: `/api/conversations/${inbound?.conversation_id}/messages`,
        headers: bearer(token),
        payload: { message: 'Claro! Qual produto?', replyTo: inbound?.id },
      });
      expect(sent.statusCode).toBe(200);
      const stored = await t.app.db
        .selectFrom('messages')
        .select(['provider_message_id', 'status'])
        .where('id', '=', sent.json().data.id)
        .executeTakeFirstOrThrow();
      expect(stored.provider_message_id).toMatch(/^[A-Z0-9]{20,}$/);
      await t.runJobs();
      const call = t.fake.latest().sent.find((s) => s.options?.messageId === stored.provider_message_id);
      expect(call).toMatchObject({
        jid: `${phone}@s.whatsapp.net`,
        content: { text: 'Claro! Qual produto?' },
      });
      expect(call?.options?.quoted).toMatchObject({ key: { id: 'IN1', fromMe: false } });
      // Baileys echoes our own send (append, fromMe, our id): nothing new is stored.
      const count = (await messages()).length;
      emit(
        'messages.upsert',
        f.upsert(
          [f.text(f.pnKey(phone, stored.provider_message_id as string, true), 'Claro! Qual produto?')],
          'append',
        ),
      );
      emit('messages.upsert', f.upsert([f.text(f.pnKey(phone, 'IN2'), 'Um sofá')]));
      await waitFor(async () => Boolean(await byId('IN2')));
      expect((await messages()).length).toBe(count + 1);
      // getMessage (retry receipts) is served from our store.
      const getMessage = t.fake.latest().config.getMessage as (key: { id: string }) => Promise<unknown>;
      expect(await getMessage({ id: stored.provider_message_id as string })).toEqual({
        conversation: 'Claro! Qual produto?',
      });
      expect(await getMessage({ id: 'UNKNOWN' })).toBeUndefined();

      // Receipts out of order: read before delivered stays read; then a reaction to it.
      const jid = `${phone}@s.whatsapp.net`;
      emit('messages.update', f.receipt(jid, stored.provider_message_id as string, 4));
      emit('messages.update', f.receipt(jid, stored.provider_message_id as string, 3));
      emit('messages.update', f.receipt(jid, stored.provider_message_id as string, 2));
      await waitFor(async () => (await byId(stored.provider_message_id as string))?.status === 'read');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await byId(stored.provider_message_id as string))?.status).toBe('read');
    });

    it('a failed receipt is final', async () => {
      const inbound = await byId('IN2');
      const sent = await t.app.inject({
        method: 'POST',
        url: `/api/conversations/${inbound?.conversation_id}/messages`,
        headers: bearer(token),
        payload: { message: 'Segue o link' },
      });
      await t.runJobs();
      const id = (
        await t.app.db
          .selectFrom('messages')
          .select('provider_message_id')
          .where('id', '=', sent.json().data.id)
          .executeTakeFirstOrThrow()
      ).provider_message_id as string;
      const jid = '5511966660000@s.whatsapp.net';
      emit('messages.update', f.receipt(jid, id, 0));
      emit('messages.update', f.receipt(jid, id, 3));
      await waitFor(async () => (await byId(id))?.status === 'failed');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await byId(id))?.status).toBe('failed');
    });

    it('quoted reply inside an ephemeral wrapper points at the quoted message', async () => {
      const phone = '5511955550000';
      emit('messages.upsert', f.upsert([f.text(f.pnKey(phone, 'Q0'), 'Qual o preço do frete?')]));
      await waitFor(async () => Boolean(await byId('Q0')));
      emit(
        'messages.upsert',
        f.upsert([
          f.quotedInEphemeral(
            f.pnKey(phone, 'Q1'),
            'Esse aqui, para Campinas',
            'Q0',
            'Qual o preço do frete?',
          ),
        ]),
      );
      await waitFor(async () => Boolean(await byId('Q1')));
      expect((await byId('Q1'))?.reply_to_id).toBe((await byId('Q0'))?.id);
      expect((await byId('Q1'))?.content).toBe('Esse aqui, para Campinas');
    });

    it('image with caption, voice note, document with caption and location: stored first, media by a job after', async () => {
      const phone = '5511944440000';
      emit(
        'messages.upsert',
        f.upsert([
          f.image(f.pnKey(phone, 'M1'), 'Olha a foto do defeito'),
          f.voiceNote(f.pnKey(phone, 'M2')),
          f.documentWithCaption(f.pnKey(phone, 'M3'), 'nota-fiscal.pdf', 'A nota'),
          f.location(f.pnKey(phone, 'M4')),
        ]),
      );
      // Each is stored on its own (PostgreSQL writes batches side by side): wait for all four.
      await waitFor(async () => (await Promise.all(['M1', 'M2', 'M3', 'M4'].map(byId))).every(Boolean));
      // Stored at once with their words; the files are not downloaded yet (the job runner is stopped).
      expect(await byId('M1')).toMatchObject({
        type: 'image',
        content: 'Olha a foto do defeito',
        media_url: null,
      });
      const pending = await t.app.db
        .selectFrom('messages')
        .select(['provider_message_id', 'media_status'])
        .where('provider_message_id', 'in', ['M1', 'M2', 'M3', 'M4'])
        .orderBy('provider_message_id')
        .execute();
      expect(pending.map((m) => m.media_status)).toEqual(['pending', 'pending', 'pending', null]);
      await t.runJobs();
      const [img, voice, doc, loc] = await Promise.all(['M1', 'M2', 'M3', 'M4'].map(byId));
      expect(img).toMatchObject({
        type: 'image',
        content: 'Olha a foto do defeito',
        media_mime_type: 'image/png',
      });
      expect(voice).toMatchObject({ type: 'audio', content: '[Mensagem de voz]' });
      expect(voice?.media_mime_type).toMatch(/^audio\/ogg/);
      expect(doc).toMatchObject({ type: 'document', content: 'A nota', media_mime_type: 'application/pdf' });
      expect(loc).toMatchObject({ type: 'location', media_url: null });
      expect(loc?.content).toContain('Av. Paulista, 1000');
      const served = await t.app.inject({
        method: 'GET',
        url: img?.media_url as string,
        headers: bearer(token),
      });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      const file = await t.app.inject({
        method: 'GET',
        url: doc?.media_url as string,
        headers: bearer(token),
      });
      expect(file.headers['content-disposition']).toContain('nota-fiscal.pdf');
    });

    it('append replay: a known id is not stored twice, a new one is', async () => {
      const phone = '5511933330000';
      emit('messages.upsert', f.upsert([f.text(f.pnKey(phone, 'R1'), 'primeira')]));
      await waitFor(async () => Boolean(await byId('R1')));
      const count = (await messages()).length;
      emit(
        'messages.upsert',
        f.upsert(
          [f.text(f.pnKey(phone, 'R1'), 'primeira'), f.text(f.pnKey(phone, 'R2'), 'segunda')],
          'append',
        ),
      );
      await waitFor(async () => Boolean(await byId('R2')));
      expect((await messages()).length).toBe(count + 1);
    });

    it('decrypt stub then the real message with the same id: stored once, with its content', async () => {
      const key = f.pnKey('5511922220000', 'D1');
      emit('messages.upsert', f.upsert([f.decryptStub(key)]));
      emit('messages.upsert', f.upsert([f.text(key, 'agora foi')]));
      await waitFor(async () => Boolean(await byId('D1')));
      expect((await byId('D1'))?.content).toBe('agora foi');
    });

    it('a message typed on the phone is the operator’s and pauses the agent', async () => {
      const phone = '5511911110000';
      emit('messages.upsert', f.upsert([f.text(f.pnKey(phone, 'P0'), 'Oi')]));
      await waitFor(async () => Boolean(await byId('P0')));
      expect((await byId('P0'))?.handler_mode).toBe('ai');
      emit(
        'messages.upsert',
        f.upsert([f.text(f.pnKey(phone, '3EB0PHONE1', true), 'Oi! Aqui é a Ana, já te ajudo')], 'append'),
      );
      await waitFor(async () => Boolean(await byId('3EB0PHONE1')));
      expect(await byId('3EB0PHONE1')).toMatchObject({ sender: 'admin', handler_mode: 'paused' });
      const jobs = await t.app.db
        .selectFrom('jobs')
        .select('payload')
        .where('kind', '=', 'agent_reply')
        .execute();
      const phoneMessage = await byId('3EB0PHONE1');
      expect(jobs.some((j) => j.payload.includes(phoneMessage?.id as string))).toBe(false);
    });

    it('reactions: add, change, remove (from messages.reaction only)', async () => {
      const phone = '5511900001111';
      emit('messages.upsert', f.upsert([f.text(f.pnKey(phone, 'X0'), 'pedido 123')]));
      await waitFor(async () => Boolean(await byId('X0')));
      const target = await byId('X0');
      const by = f.pnKey(phone, 'REACT1');
      const reactionOf = () =>
        t.app.db
          .selectFrom('reactions')
          .select(['emoji', 'sender'])
          .where('message_id', '=', target?.id as string)
          .execute();
      emit(
        'messages.reaction',
        f.reaction({ id: 'X0', remoteJid: `${phone}@s.whatsapp.net`, fromMe: false }, by, '👍'),
      );
      await waitFor(async () => (await reactionOf()).some((r) => r.emoji === '👍'));
      emit(
        'messages.reaction',
        f.reaction({ id: 'X0', remoteJid: `${phone}@s.whatsapp.net`, fromMe: false }, by, '❤️'),
      );
      await waitFor(async () => (await reactionOf()).some((r) => r.emoji === '❤️'));
      expect(await reactionOf()).toEqual([{ emoji: '❤️', sender: 'client' }]);
      emit(
        'messages.reaction',
        f.reaction({ id: 'X0', remoteJid: `${phone}@s.whatsapp.net`, fromMe: false }, by, ''),
      );
      await waitFor(async () => (await reactionOf()).length === 0);
    });

    it('outbound reaction goes through sendMessage with a react payload', async () => {
      const target = await byId('X0');
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/conversations/${target?.conversation_id}/messages/${target?.id}/react`,
        headers: bearer(token),
        payload: { emoji: '🙏' },
      });
      expect(response.statusCode).toBe(200);
      await t.runJobs();
      const call = t.fake.latest().sent.find((s) => 'react' in s.content);
      expect(call?.content).toEqual({
        react: { text: '🙏', key: { remoteJid: '5511900001111@s.whatsapp.net', id: 'X0', fromMe: false } },
      });
    });
  });
}
