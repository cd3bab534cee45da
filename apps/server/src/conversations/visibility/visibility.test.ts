import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import {
  bearer,
  createAndLogin,
  describeEachDatabase,
  listen,
  recordEvents,
  sleep,
  useTestApp,
} from '../../../test/helpers.js';
import { api, joinedSocket, pairSimulator, type TestSocket } from '../../../test/simulator-kit.js';
import { samples } from '../media/test-support/media-samples.js';

/**
 * With `operatorsSeeAllConversations=false` an operator sees only conversations without a person
 * holding them and those they hold: in lists, search, reads, writes, socket rooms and live events.
 */
describeEachDatabase('operator visibility', (kind) => {
  const ctx = useTestApp(kind);
  let admin = '';
  let ana = { token: '', id: '' };
  let bruno = { token: '', id: '' };
  let baseUrl = '';
  const ids = { open: '', anas: '', brunos: '' };
  const phones = { open: '', anas: '', brunos: '' };
  const sockets: TestSocket[] = [];
  const as = (token: string) => api(ctx.app, token);

  const inbound = async (phone: string, name: string, text: string) => {
    const response = await as(admin).post('/api/simulator/inbound', { phone, name, text });
    expect(response.status).toBe(200);
    return response.body.data.conversationId as string;
  };

  beforeAll(async () => {
    admin = (await createAndLogin(ctx.app, 'admin')).token;
    const a = await createAndLogin(ctx.app, 'operator');
    ana = { token: a.token, id: a.user.id };
    const b = await createAndLogin(ctx.app, 'operator');
    bruno = { token: b.token, id: b.user.id };
    baseUrl = await listen(ctx.app);
    await pairSimulator(ctx.app, admin);
    await ctx.app.domain.jobs.stop();
    const stamp = String(Date.now()).slice(-7);
    phones.open = `5511900${stamp}`;
    phones.anas = `5521900${stamp}`;
    phones.brunos = `5531900${stamp}`;
    ids.open = await inbound(phones.open, 'Olga Aberta', 'Olá, alguém aí?');
    ids.anas = await inbound(phones.anas, 'Alice da Ana', 'Quero trocar um produto');
    ids.brunos = await inbound(phones.brunos, 'Berenice do Bruno', 'Meu pedido atrasou');
    expect((await as(ana.token).post(`/api/conversations/${ids.anas}/takeover`)).status).toBe(200);
    expect((await as(bruno.token).post(`/api/conversations/${ids.brunos}/takeover`)).status).toBe(200);
    const saved = await as(admin).post('/api/access-control', { operatorsSeeAllConversations: false });
    expect(saved.status).toBe(200);
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });
  afterAll(async () => {
    await as(admin).post('/api/access-control', { operatorsSeeAllConversations: true });
  });

  it('lists and searches only unassigned and own conversations; admins see all', async () => {
    const listed = (await as(ana.token).get('/api/conversations?limit=200')).body;
    const seen = listed.data.map((c: { id: string }) => c.id);
    expect(seen).toContain(ids.open);
    expect(seen).toContain(ids.anas);
    expect(seen).not.toContain(ids.brunos);
    expect(listed.page.total).toBe(seen.length);
    const search = (await as(ana.token).get('/api/conversations?search=Berenice')).body;
    expect(search.data).toEqual([]);
    expect(search.page.total).toBe(0);
    const byHandler = (await as(ana.token).get('/api/conversations?handler=human')).body;
    expect(byHandler.data.map((c: { id: string }) => c.id)).toEqual([ids.anas]);
    const brunoSees = (await as(bruno.token).get('/api/conversations?limit=200')).body.data.map(
      (c: { id: string }) => c.id,
    );
    expect(brunoSees).toContain(ids.brunos);
    expect(brunoSees).not.toContain(ids.anas);
    const adminSees = (await as(admin).get('/api/conversations?limit=200')).body.data.map(
      (c: { id: string }) => c.id,
    );
    expect(adminSees).toEqual(expect.arrayContaining([ids.open, ids.anas, ids.brunos]));
  });

  it("refuses every REST read and write on another operator's conversation with 404", async () => {
    const other = ids.brunos;
    const calls: Array<Promise<{ status: number }>> = [
      as(ana.token).get(`/api/conversations/${other}`),
      as(ana.token).get(`/api/conversations/${other}/messages`),
      as(ana.token).post(`/api/conversations/${other}/messages`, { message: 'oi', type: 'text' }),
      as(ana.token).post(`/api/conversations/${other}/takeover`),
      as(ana.token).post(`/api/conversations/${other}/handback`),
    ];
    for (const response of await Promise.all(calls)) expect(response.status).toBe(404);
    const detail = (await as(bruno.token).get(`/api/conversations/${other}`)).body.data;
    const messageId = detail.messages[0].id as string;
    const react = await as(ana.token).post(`/api/conversations/${other}/messages/${messageId}/react`, {
      emoji: '👍',
    });
    expect(react.status).toBe(404);
    expect((await as(ana.token).get(`/api/conversations/${ids.open}`)).status).toBe(200);
    expect((await as(ana.token).get(`/api/conversations/${ids.anas}`)).status).toBe(200);
  });

  it("hides another operator's conversation on the client's page and its files (404)", async () => {
    const detail = (await as(bruno.token).get(`/api/conversations/${ids.brunos}`)).body.data;
    const clientId = detail.clientId as string;
    // Her only conversation is Bruno's: for Ana, the customer does not exist either.
    expect((await as(ana.token).get(`/api/clients/${clientId}`)).status).toBe(404);
    const brunoSees = (await as(bruno.token).get(`/api/clients/${clientId}`)).body.data;
    expect(brunoSees.conversations.map((c: { id: string }) => c.id)).toEqual([ids.brunos]);

    const saved = await ctx.app.media.save({ bytes: samples.png, fileName: 'comprovante.png' });
    await ctx.app.db
      .updateTable('messages')
      .set({ media_url: saved.url, type: 'image' })
      .where('id', '=', detail.messages[0].id)
      .execute();
    const file = (token: string) => ctx.app.inject({ url: saved.url, headers: bearer(token) });
    expect((await file(ana.token)).statusCode).toBe(404);
    expect((await file(bruno.token)).statusCode).toBe(200);
    expect((await file(admin)).statusCode).toBe(200);
  });

  it("refuses the socket room and socket actions on another operator's conversation", async () => {
    const socket = await joinedSocket(baseUrl, ana.token);
    sockets.push(socket);
    const ack = (event: string, payload: unknown) =>
      new Promise<{ success: boolean }>((resolve) => socket.emit(event, payload, resolve));
    expect((await ack('join:conversation', ids.brunos)).success).toBe(false);
    expect((await ack('send:message', { conversationId: ids.brunos, message: 'oi' })).success).toBe(false);
    expect((await ack('takeover:start', { conversationId: ids.brunos })).success).toBe(false);
    expect((await ack('takeover:end', { conversationId: ids.brunos })).success).toBe(false);
    expect((await ack('join:conversation', ids.anas)).success).toBe(true);
  });

  it("does not fan out another operator's conversation events; own and unassigned ones arrive", async () => {
    const anaSocket = await joinedSocket(baseUrl, ana.token);
    const brunoSocket = await joinedSocket(baseUrl, bruno.token);
    const adminSocket = await joinedSocket(baseUrl, admin);
    sockets.push(anaSocket, brunoSocket, adminSocket);
    const events = ['conversations:newMessage', 'conversation:updated'];
    const record = (socket: TestSocket) =>
      events.map((event) => recordEvents<Record<string, unknown>>(socket, event));
    const anaHeard = record(anaSocket);
    const brunoHeard = record(brunoSocket);
    const adminHeard = record(adminSocket);
    await inbound(phones.brunos, 'Berenice do Bruno', 'Alguma novidade?');
    await inbound(phones.anas, 'Alice da Ana', 'Posso trocar pelo tamanho M?');
    await inbound(phones.open, 'Olga Aberta', 'Vocês abrem sábado?');
    await sleep(300);
    const conversationsOf = (heard: ReturnType<typeof record>) =>
      new Set(heard.flatMap((h) => h.received.map((p) => (p.conversationId ?? p.id) as string)));
    expect([...conversationsOf(anaHeard)].sort()).toEqual([ids.anas, ids.open].sort());
    expect([...conversationsOf(brunoHeard)].sort()).toEqual([ids.brunos, ids.open].sort());
    expect(conversationsOf(adminHeard)).toEqual(new Set([ids.open, ids.anas, ids.brunos]));
    for (const heard of anaHeard) expect(heard.received.length).toBeGreaterThan(0);
  });

  it("sockets joined before the setting changed are moved: they stop hearing others' conversations", async () => {
    await as(admin).post('/api/access-control', { operatorsSeeAllConversations: true });
    const anaSocket = await joinedSocket(baseUrl, ana.token);
    sockets.push(anaSocket);
    const heard = recordEvents<{ conversationId: string }>(anaSocket, 'conversations:newMessage');
    await inbound(phones.brunos, 'Berenice do Bruno', 'Ainda aguardo');
    await sleep(200);
    expect(heard.received.map((p) => p.conversationId)).toContain(ids.brunos);
    await as(admin).post('/api/access-control', { operatorsSeeAllConversations: false });
    heard.received.length = 0;
    await inbound(phones.brunos, 'Berenice do Bruno', 'Alô?');
    await inbound(phones.open, 'Olga Aberta', 'Alô?');
    await sleep(200);
    expect(heard.received.map((p) => p.conversationId)).toEqual([ids.open]);
  });

  it('an admin assigns a conversation: the assignee holds it and hears it live, others lose it', async () => {
    const anaSocket = await joinedSocket(baseUrl, ana.token);
    sockets.push(anaSocket);
    const handler = recordEvents<{ conversationId: string; handler: { userId: string } }>(
      anaSocket,
      'conversation:handler',
    );
    const targetPhone = `5541900${String(Date.now()).slice(-7)}`;
    const target = await inbound(targetPhone, 'Dora Distribuída', 'Oi');
    expect((await as(bruno.token).get(`/api/conversations/${target}`)).status).toBe(200);
    // Bruno has the chat open: he hears why it went, then nothing more of it.
    const brunoChat = await joinedSocket(baseUrl, bruno.token, target);
    sockets.push(brunoChat);
    const brunoHandler = recordEvents<{ conversationId: string }>(brunoChat, 'conversation:handler');
    const brunoMessages = recordEvents<{ conversationId: string }>(brunoChat, 'conversations:newMessage');
    expect((await as(ana.token).post(`/api/conversations/${target}/assign`, { userId: ana.id })).status).toBe(
      403,
    );
    const assigned = await as(admin).post(`/api/conversations/${target}/assign`, { userId: ana.id });
    expect(assigned.status).toBe(200);
    expect(assigned.body.data.handler).toMatchObject({ mode: 'human', userId: ana.id });
    await sleep(200);
    expect(handler.received.some((e) => e.conversationId === target && e.handler.userId === ana.id)).toBe(
      true,
    );
    expect(brunoHandler.received.map((e) => e.conversationId)).toContain(target);
    await inbound(targetPhone, 'Dora Distribuída', 'Ainda aí?');
    await sleep(200);
    expect(brunoMessages.received.filter((e) => e.conversationId === target)).toEqual([]);
    const mine = (await as(ana.token).get('/api/conversations?assignee=me')).body.data.map(
      (c: { id: string }) => c.id,
    );
    expect(mine).toEqual(expect.arrayContaining([target, ids.anas]));
    const unassigned = (await as(ana.token).get('/api/conversations?assignee=none')).body.data.map(
      (c: { id: string }) => c.id,
    );
    expect(unassigned).not.toContain(target);
    expect(unassigned).toContain(ids.open);
    expect((await as(bruno.token).get(`/api/conversations/${target}`)).status).toBe(404);
    const disabledTarget = await as(admin).post(`/api/conversations/${target}/assign`, {
      userId: '00000000-0000-7000-8000-000000000000',
    });
    expect(disabledTarget.status).toBe(400);
  });

  it('labels: an operator labels a conversation they see (list filter by label), not one they cannot', async () => {
    const label = (await as(admin).post('/api/labels', { name: 'Troca', color: 'sky' })).body.data;
    const put = (token: string, id: string, labelIds: string[]) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/conversations/${id}/labels`,
        headers: { authorization: `Bearer ${token}` },
        payload: { labelIds },
      });
    const labelled = await put(ana.token, ids.anas, [label.id]);
    expect(labelled.statusCode).toBe(200);
    expect(labelled.json().data.tags).toEqual([label.id]);
    expect((await put(ana.token, ids.brunos, [label.id])).statusCode).toBe(404);
    expect((await put(ana.token, ids.anas, ['00000000-0000-7000-8000-000000000000'])).statusCode).toBe(400);
    const filtered = (await as(admin).get(`/api/conversations?tags=${label.id}`)).body.data;
    expect(filtered.map((c: { id: string }) => c.id)).toEqual([ids.anas]);
    expect((await put(ana.token, ids.anas, [])).json().data.tags).toEqual([]);
  });

  it('with the setting on, operators see everything again', async () => {
    await as(admin).post('/api/access-control', { operatorsSeeAllConversations: true });
    expect((await as(ana.token).get(`/api/conversations/${ids.brunos}`)).status).toBe(200);
    await as(admin).post('/api/access-control', { operatorsSeeAllConversations: false });
    expect((await as(ana.token).get(`/api/conversations/${ids.brunos}`)).status).toBe(404);
  });
});
