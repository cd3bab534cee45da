import { afterEach, expect, it } from 'vitest';
import { bearer, createAndLogin, describeEachDatabase } from '../../../test/helpers.js';
import { createLinkedDeviceApp, type LinkedDeviceApp, waitFor } from './test-support/contract-kit.js';
import * as f from './test-support/fixtures.js';

// One customer is one client whichever form WhatsApp addresses them by, also after a restart: the
// new process has no LID ↔ phone pair in memory and Baileys' mapping answers nothing (fake socket),
// so only the pair stored on the client can join the two forms.
describeEachDatabase('whatsapp-web LID ↔ phone identity across a restart', (kind) => {
  let t: LinkedDeviceApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const LID = '20117000000042';
  const PHONE = '5511977776666';

  async function connect(app: LinkedDeviceApp) {
    await app.app.domain.jobs.stop();
    const socket = app.fake.latest();
    socket.user = { id: '5511900000000:3@s.whatsapp.net' };
    socket.emit('connection.update', f.opened);
    await waitFor(() => app.app.domain.channel.status().connected);
  }
  const emit = (event: string, payload: unknown) => t?.fake.latest().emit(event, payload);
  const stored = (id: string) =>
    t?.app.db
      .selectFrom('messages as m')
      .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
      .select(['m.provider_message_id', 'c.id as conversation_id', 'c.client_id', 'c.search_text'])
      .where('m.provider_message_id', '=', id)
      .executeTakeFirst();
  const clients = () =>
    t?.app.db
      .selectFrom('clients')
      .select(['id', 'phone', 'lid', 'name', 'total_messages'])
      .orderBy('created_at')
      .execute();

  it('LID-only first contact, restart, then the phone form with the LID beside it → one client', async () => {
    t = await createLinkedDeviceApp(kind);
    await connect(t);
    emit('messages.upsert', f.upsert([f.text(f.lidKey(LID, null, 'A1'), 'Oi, sou novo', 'Ana')]));
    await waitFor(async () => Boolean(await stored('A1')));
    // Number unknown: stored under the LID's digits, with the LID recorded.
    expect(await clients()).toMatchObject([{ phone: LID, lid: LID, name: 'Ana', total_messages: 1 }]);

    await t.restart();
    await connect(t);
    emit(
      'messages.upsert',
      f.upsert([f.text({ ...f.pnKey(PHONE, 'A2'), remoteJidAlt: `${LID}@lid` }, 'Voltei', 'Ana')]),
    );
    await waitFor(async () => Boolean(await stored('A2')));
    const [first, second] = [await stored('A1'), await stored('A2')];
    expect(second?.client_id).toBe(first?.client_id);
    expect(second?.conversation_id).toBe(first?.conversation_id);
    expect(await clients()).toMatchObject([{ phone: PHONE, lid: LID, total_messages: 2 }]);
    expect(second?.search_text).toContain(PHONE);

    // And a LID-only message after another restart still reaches that client (by the stored LID).
    await t.restart();
    await connect(t);
    emit('messages.upsert', f.upsert([f.text(f.lidKey(LID, null, 'A3'), 'Mais uma', 'Ana')]));
    await waitFor(async () => Boolean(await stored('A3')));
    expect((await stored('A3'))?.client_id).toBe(first?.client_id);
    expect(await clients()).toMatchObject([{ phone: PHONE, lid: LID, total_messages: 3 }]);
  }, 60_000);

  it('LID-only and phone-only contacts become one client when WhatsApp maps them (lid-mapping.update)', async () => {
    t = await createLinkedDeviceApp(kind);
    await connect(t);
    emit('messages.upsert', f.upsert([f.text(f.lidKey(LID, null, 'B1'), 'Pelo LID', 'Bia')]));
    await waitFor(async () => Boolean(await stored('B1')));

    await t.restart();
    await connect(t);
    emit('messages.upsert', f.upsert([f.text(f.pnKey(PHONE, 'B2'), 'Pelo número', 'Bia')]));
    await waitFor(async () => Boolean(await stored('B2')));
    expect(await clients()).toHaveLength(2); // nothing said yet that they are the same person

    emit('lid-mapping.update', { lid: `${LID}@lid`, pn: `${PHONE}@s.whatsapp.net` });
    await waitFor(async () => (await clients())?.length === 1);
    const [client] = (await clients()) ?? [];
    expect(client).toMatchObject({ phone: PHONE, lid: LID, name: 'Bia', total_messages: 2 });
    expect((await stored('B1'))?.client_id).toBe(client?.id);
    expect((await stored('B2'))?.client_id).toBe(client?.id);

    // The merged client's reaction by LID only is recognised as theirs.
    emit('messages.reaction', [
      {
        key: { remoteJid: `${LID}@lid`, fromMe: false, id: 'B1' },
        reaction: { key: { remoteJid: `${LID}@lid`, fromMe: false, id: 'R-B1' }, text: '👍' },
      },
    ]);
    await waitFor(async () => {
      const reactions = await t?.app.db.selectFrom('reactions').select('emoji').execute();
      return reactions?.length === 1 && reactions[0]?.emoji === '👍';
    });
  }, 60_000);

  it("a history sync's thousands of pairs link the one client they concern, and create none", async () => {
    t = await createLinkedDeviceApp(kind);
    await connect(t);
    emit('messages.upsert', f.upsert([f.text(f.lidKey(LID, null, 'H1'), 'Oi', 'Hugo')]));
    await waitFor(async () => Boolean(await stored('H1')));
    const lidPnMappings = Array.from({ length: 2000 }, (_, n) => ({
      lid: `3011700${String(n).padStart(7, '0')}@lid`,
      pn: `55119${String(n).padStart(8, '0')}@s.whatsapp.net`,
    }));
    lidPnMappings.splice(1234, 0, { lid: `${LID}@lid`, pn: `${PHONE}@s.whatsapp.net` });
    emit('messaging-history.set', { chats: [], contacts: [], messages: [], lidPnMappings, isLatest: true });
    await waitFor(async () => (await clients())?.[0]?.phone === PHONE);
    expect(await clients()).toMatchObject([{ phone: PHONE, lid: LID, name: 'Hugo' }]);
    expect(await clients()).toHaveLength(1);
  }, 60_000);

  it('our reply reaches a LID-only customer at the LID, and at the phone once it is known', async () => {
    t = await createLinkedDeviceApp(kind);
    await connect(t);
    const { token } = await createAndLogin(t.app);
    const reply = async (conversationId: string | undefined, message: string) => {
      const sent = await t?.app.inject({
        method: 'POST',
        url: `/api/conversations/${conversationId}/messages`,
        headers: bearer(token),
        payload: { message },
      });
      expect(sent?.statusCode).toBe(200);
      await t?.runJobs();
      return t?.fake.latest().sent.find((call) => call.content.text === message)?.jid;
    };
    emit('messages.upsert', f.upsert([f.text(f.lidKey(LID, null, 'D1'), 'Oi', 'Davi')]));
    await waitFor(async () => Boolean(await stored('D1')));
    const conversationId = (await stored('D1'))?.conversation_id;
    expect(await reply(conversationId, 'Olá, Davi!')).toBe(`${LID}@lid`);

    emit('messages.upsert', f.upsert([f.text(f.lidKey(LID, PHONE, 'D2'), 'Meu número', 'Davi')]));
    await waitFor(async () => Boolean(await stored('D2')));
    expect(await reply(conversationId, 'Anotado.')).toBe(`${PHONE}@s.whatsapp.net`);
  }, 60_000);

  it('a pair for a customer never seen creates no client; erasing a client frees its LID', async () => {
    t = await createLinkedDeviceApp(kind);
    await connect(t);
    emit('lid-mapping.update', { lid: '20117000000099@lid', pn: '5511911112222@s.whatsapp.net' });
    emit('messages.upsert', f.upsert([f.text(f.lidKey(LID, PHONE, 'C1'), 'Oi', 'Caio')]));
    await waitFor(async () => Boolean(await stored('C1')));
    expect(await clients()).toMatchObject([{ phone: PHONE, lid: LID }]);

    const [client] = (await clients()) ?? [];
    await t.app.domain.messaging.eraseClient(client?.id as string, { id: 'u1', name: 'Admin' });
    expect(await clients()).toMatchObject([{ phone: null, lid: null, name: null }]);
    emit('messages.upsert', f.upsert([f.text(f.lidKey(LID, null, 'C2'), 'De novo', 'Caio')]));
    await waitFor(async () => Boolean(await stored('C2')));
    expect((await clients())?.map((c) => c.lid)).toEqual([null, LID]);
  }, 60_000);
});
