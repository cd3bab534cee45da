import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, createAndLogin, describeEachDatabase } from '../../../test/helpers.js';
import { samples } from '../../conversations/media/test-support/media-samples.js';
import { createLinkedDeviceApp, type LinkedDeviceApp, waitFor } from './test-support/contract-kit.js';
import * as f from './test-support/fixtures.js';

// What a WhatsApp user expects of the other side: video and stickers as such, edits and deletions
// shown, the quoted message above a reply, blue ticks once read, "digitando…" while the agent writes.
describeEachDatabase('whatsapp-web: what operators and customers expect', (kind) => {
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

  const emit = (event: string, payload: unknown) => t.fake.latest().emit(event, payload);
  const row = (id: string) =>
    t.app.db
      .selectFrom('messages')
      .select([
        'id',
        'conversation_id',
        'type',
        'content',
        'media_url',
        'media_mime_type',
        'edited_at',
        'deleted_at',
        'original_content',
      ])
      .where('provider_message_id', '=', id)
      .executeTakeFirst();
  const receive = async (...messages: unknown[]) => {
    emit('messages.upsert', f.upsert(messages));
    for (const message of messages) {
      const id = (message as { key: { id: string } }).key.id;
      await waitFor(async () => Boolean(await row(id)));
    }
  };
  /** The conversation as the operator's screen loads it. */
  const opened = async (conversationId: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/conversations/${conversationId}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    return response.json().data as {
      lastMessage: string;
      messages: Array<{
        id: string;
        content: string;
        type: string;
        editedAt?: string | null;
        deletedAt?: string | null;
        mediaUrl: string | null;
      }>;
    };
  };

  it('a video and a sticker are typed as such, with their files', async () => {
    const phone = '5511933334444';
    await receive(f.video(f.pnKey(phone, 'VID1'), 'o defeito em vídeo'), f.sticker(f.pnKey(phone, 'STK1')));
    await t.runJobs();
    expect(await row('VID1')).toMatchObject({
      type: 'video',
      content: 'o defeito em vídeo',
      media_mime_type: 'video/mp4',
    });
    expect(await row('STK1')).toMatchObject({
      type: 'sticker',
      content: '[Figurinha]',
      media_mime_type: 'image/webp',
    });
  });

  it('an edit shows the new text and "editada"; the first words are kept for the audit', async () => {
    const key = f.pnKey('5511922223333', 'ED1');
    await receive(f.text(key, 'Quero 2 camisetas'));
    const edited = f.edit(f.pnKey('5511922223333', 'unused'), 'ED1', 'Quero 3 camisetas');
    t.emitted.length = 0;
    emit('messages.upsert', f.upsert([edited.upsert]));
    emit('messages.update', edited.update);
    await waitFor(async () => (await row('ED1'))?.content === 'Quero 3 camisetas');
    const stored = await row('ED1');
    expect(stored).toMatchObject({ original_content: 'Quero 2 camisetas', deleted_at: null });
    expect(stored?.edited_at).toBeGreaterThan(0);
    // The edit itself is no message of its own.
    expect(await row('ED1-EDIT')).toBeUndefined();
    expect(t.emitted).toContain('message:updated');
    const chat = await opened(stored?.conversation_id as string);
    expect(chat.messages.find((m) => m.id === stored?.id)).toMatchObject({
      content: 'Quero 3 camisetas',
      editedAt: expect.any(String),
    });
    expect(chat.lastMessage).toBe('Quero 3 camisetas');
  });

  it('a deletion shows "mensagem apagada" (no words, no file); the original stays for the audit', async () => {
    const phone = '5511911112222';
    await receive(f.image(f.pnKey(phone, 'DEL1'), 'meu CPF é 123'));
    await t.runJobs();
    const deletion = f.revoke(f.pnKey(phone, 'unused'), 'DEL1');
    emit('messages.upsert', f.upsert([deletion.upsert]));
    emit('messages.update', deletion.update);
    await waitFor(async () => Boolean((await row('DEL1'))?.deleted_at));
    expect(await row('DEL1')).toMatchObject({ content: '', original_content: 'meu CPF é 123' });
    expect(await row('DEL1-DEL')).toBeUndefined();
    const chat = await opened((await row('DEL1'))?.conversation_id as string);
    const shown = chat.messages.find((m) => m.content === '' && m.deletedAt);
    expect(shown).toMatchObject({ mediaUrl: null, deletedAt: expect.any(String) });
    expect(JSON.stringify(chat)).not.toContain('CPF');
    expect(chat.lastMessage).toBe('Mensagem apagada');
  });

  it("an edit or deletion naming another customer's message changes nothing", async () => {
    await receive(f.text(f.pnKey('5511955556666', 'OWN1'), 'mensagem da Ana'));
    const edited = f.edit(f.pnKey('5511977778888', 'x'), 'OWN1', 'texto do Bruno');
    emit('messages.update', edited.update);
    emit('messages.update', f.revoke(f.pnKey('5511977778888', 'y'), 'OWN1').update);
    await receive(f.text(f.pnKey('5511977778888', 'AFTER1'), 'depois'));
    expect(await row('OWN1')).toMatchObject({
      content: 'mensagem da Ana',
      edited_at: null,
      deleted_at: null,
    });
  });

  it('a reply quoting the customer carries the quoted text; the messages it answers are marked read', async () => {
    const phone = '5511966667777';
    await receive(
      f.text(f.pnKey(phone, 'QR1'), 'Qual o prazo?'),
      f.text(f.pnKey(phone, 'QR2'), 'Para Campinas'),
    );
    const inbound = await row('QR1');
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${inbound?.conversation_id}/messages`,
      headers: bearer(token),
      payload: { message: '3 dias úteis', replyTo: inbound?.id },
    });
    expect(sent.statusCode).toBe(200);
    const socket = t.fake.latest();
    socket.read.length = 0;
    await t.runJobs();
    const call = socket.sent.find((s) => (s.content as { text?: string }).text === '3 dias úteis');
    expect(call?.options?.quoted).toMatchObject({
      key: { remoteJid: `${phone}@s.whatsapp.net`, id: 'QR1', fromMe: false },
      message: { conversation: 'Qual o prazo?' },
    });
    const theirs = socket.read.filter((key) => key.remoteJid === `${phone}@s.whatsapp.net`);
    expect(theirs.map((key) => key.id).sort()).toEqual(['QR1', 'QR2']);
    expect(theirs.every((key) => key.fromMe === false)).toBe(true);
  });

  it("an operator's image, document, audio and video go out as such, with caption, name and quote", async () => {
    const phone = '5511977776666';
    await receive(f.text(f.pnKey(phone, 'MD1'), 'Tem foto e catálogo?'));
    const inbound = await row('MD1');
    const upload = (bytes: Uint8Array, query: string, type: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/conversations/${inbound?.conversation_id}/media?${query}`,
        headers: { ...bearer(token), 'content-type': type },
        payload: Buffer.from(bytes),
      });
    for (const [bytes, query, type] of [
      [samples.png, `fileName=camiseta.png&caption=Esta%20aqui&replyTo=${inbound?.id}`, 'image/png'],
      [samples.pdf, 'fileName=catalogo.pdf&caption=O%20cat%C3%A1logo', 'application/pdf'],
      [samples.oggOpus, 'fileName=audio.ogg', 'audio/ogg'],
      [samples.mp4, 'fileName=video.mp4', 'video/mp4'],
    ] as const) {
      expect((await upload(bytes, query, type)).statusCode).toBe(200);
    }
    await t.runJobs();
    const sent = t.fake.latest().sent.filter((s) => s.jid === `${phone}@s.whatsapp.net`);
    // Sends run as concurrent jobs: each is found by its kind.
    const of = (kind: string) => sent.find((s) => kind in s.content);
    expect(sent).toHaveLength(4);
    const [image, document, audio, video] = ['image', 'document', 'audio', 'video'].map(
      (kind) => of(kind)?.content as Record<string, unknown>,
    );
    expect(Buffer.from(image?.image as Uint8Array).equals(Buffer.from(samples.png))).toBe(true);
    expect(image).toMatchObject({ caption: 'Esta aqui', mimetype: 'image/png' });
    expect(of('image')?.options?.quoted).toMatchObject({
      key: { id: 'MD1' },
      message: { conversation: 'Tem foto e catálogo?' },
    });
    expect(document).toMatchObject({
      fileName: 'catalogo.pdf',
      caption: 'O catálogo',
      mimetype: 'application/pdf',
    });
    expect(audio).toMatchObject({ mimetype: expect.stringMatching(/^audio\/ogg/) });
    expect(audio?.caption).toBeUndefined();
    expect(video).toMatchObject({ mimetype: 'video/mp4' });
    // Each went under the id stored first: its echo dedupes, its receipts find it.
    const stored = await t.app.db
      .selectFrom('messages')
      .select(['provider_message_id', 'status', 'type'])
      .where('conversation_id', '=', inbound?.conversation_id as string)
      .where('media_url', 'is not', null)
      .execute();
    expect(stored.map((m) => [m.type, m.status]).sort()).toEqual([
      ['audio', 'sent'],
      ['document', 'sent'],
      ['image', 'sent'],
      ['video', 'sent'],
    ]);
    for (const m of stored) expect(of(m.type)?.options?.messageId).toBe(m.provider_message_id);
  });

  it('an operator opening the chat marks it read once; off in the settings, never', async () => {
    const phone = '5511944445555';
    await receive(f.text(f.pnKey(phone, 'RD1'), 'Oi'));
    const conversationId = (await row('RD1'))?.conversation_id as string;
    const socket = t.fake.latest();
    socket.read.length = 0;
    await opened(conversationId);
    await opened(conversationId);
    await t.runJobs();
    expect(socket.read.map((key) => key.id)).toEqual(['RD1']);

    const off = await t.app.inject({
      method: 'POST',
      url: '/api/config',
      headers: bearer(token),
      payload: { readReceipts: false },
    });
    expect(off.statusCode).toBe(200);
    await receive(f.text(f.pnKey(phone, 'RD2'), 'Alguém aí?'));
    await opened(conversationId);
    await t.runJobs();
    expect(socket.read.map((key) => key.id)).toEqual(['RD1']);
    await t.app.inject({
      method: 'POST',
      url: '/api/config',
      headers: bearer(token),
      payload: { readReceipts: true },
    });
  });

  it('"digitando…" while the agent composes its answer, and its end; off in the settings, none', async () => {
    const socket = t.fake.latest();
    await receive(f.text(f.pnKey('5511988889999', 'TY1'), 'Quais as formas de pagamento?'));
    socket.presence.length = 0;
    await t.app.domain.jobs.drain();
    expect(socket.presence).toEqual([
      { type: 'composing', jid: '5511988889999@s.whatsapp.net' },
      { type: 'paused', jid: '5511988889999@s.whatsapp.net' },
    ]);

    await t.app.inject({
      method: 'POST',
      url: '/api/config',
      headers: bearer(token),
      payload: { typingIndicator: false },
    });
    await receive(f.text(f.pnKey('5511988889998', 'TY2'), 'E o frete?'));
    socket.presence.length = 0;
    await t.app.domain.jobs.drain();
    expect(socket.presence).toEqual([]);
  });
});
