import type { Conversation, Message } from '@atende/contracts';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createAndLogin,
  describeEachDatabase,
  listen,
  nextEvent,
  recordEvents,
  sleep,
  useTestApp,
} from '../../../test/helpers.js';
import { api, joinedSocket, pairSimulator, type TestSocket } from '../../../test/simulator-kit.js';

describeEachDatabase('conversations API', (kind) => {
  const ctx = useTestApp(kind);
  let admin = { token: '', name: '', id: '' };
  let operator = { token: '', name: '', id: '' };
  let baseUrl = '';
  const sockets: TestSocket[] = [];
  const as = (token = admin.token) => api(ctx.app, token);

  beforeAll(async () => {
    const a = await createAndLogin(ctx.app, 'admin');
    admin = { token: a.token, name: a.user.name, id: a.user.id };
    const o = await createAndLogin(ctx.app, 'operator');
    operator = { token: o.token, name: o.user.name, id: o.user.id };
    baseUrl = await listen(ctx.app);
    await pairSimulator(ctx.app, admin.token);
    // The agent would answer every customer; these tests drive the job runner themselves.
    await ctx.app.domain.jobs.stop();
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  const socket = async (conversationId?: string) => {
    const s = await joinedSocket(baseUrl, admin.token, conversationId);
    sockets.push(s);
    return s;
  };
  const inbound = async (payload: Record<string, unknown>) => {
    const response = await as().post('/api/simulator/inbound', payload);
    expect(response.status).toBe(200);
    return response.body.data as { messageId: string; conversationId: string; clientId: string };
  };
  /** Runs the channel jobs (not the agent's) until none is due. */
  const runChannelJobs = async () => {
    const runner = ctx.app.domain.jobs;
    await ctx.app.db.updateTable('jobs').set({ status: 'done' }).where('kind', '=', 'agent_reply').execute();
    await runner.drain();
  };

  describe('list', () => {
    const phones: string[] = [];
    beforeAll(async () => {
      const names = [
        'João Conceição',
        'Maria Silva',
        'Ana Paula',
        'Pedro Álvares',
        'Lúcia Souza',
        'Carlos Dias',
      ];
      for (let i = 0; i < 12; i++) {
        const phone = `55219800000${String(i).padStart(2, '0')}`;
        phones.push(phone);
        await inbound({
          phone,
          name: names[i % names.length],
          text: i === 3 ? 'Quero o preço do CAFÉ especial' : `Mensagem número ${i}`,
        });
      }
      await ctx.app.db
        .updateTable('conversations')
        .set({ status: 'completed' })
        .where('message_count', '=', 1)
        .where('last_message', 'like', 'Mensagem número 1%')
        .execute();
      const rows = await ctx.app.db
        .selectFrom('conversations as c')
        .innerJoin('clients as cl', 'cl.id', 'c.client_id')
        .select(['c.id', 'cl.phone'])
        .execute();
      const byPhone = new Map(rows.map((r) => [r.phone, r.id]));
      await ctx.app.db
        .updateTable('conversations')
        .set({ status: 'paused', tags: JSON.stringify(['vip', 'pedido']) })
        .where('id', '=', byPhone.get(phones[4]!)!)
        .execute();
      await ctx.app.db
        .updateTable('conversations')
        .set({ tags: JSON.stringify(['pedido']) })
        .where('id', '=', byPhone.get(phones[5]!)!)
        .execute();
    });

    it('pages newest first by keyset with a stable total, no overlap', async () => {
      const seen: Conversation[] = [];
      let cursor: string | null = null;
      let total = -1;
      do {
        const query: string = cursor ? `&cursor=${cursor}` : '';
        const response = await as().get(`/api/conversations?limit=5${query}`);
        expect(response.status).toBe(200);
        seen.push(...response.body.data);
        total = response.body.page.total;
        cursor = response.body.page.nextCursor;
      } while (cursor);
      expect(seen.length).toBe(total);
      expect(new Set(seen.map((c) => c.id)).size).toBe(seen.length);
      const times = seen.map((c) => Date.parse(c.lastMessageTime!));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
    });

    it('filters by status (finished = completed), tags, handler and client id', async () => {
      const completed = await as().get('/api/conversations?status=completed');
      const finished = await as().get('/api/conversations?status=finished');
      expect(completed.body.page.total).toBeGreaterThan(0);
      expect(finished.body.data.map((c: Conversation) => c.id)).toEqual(
        completed.body.data.map((c: Conversation) => c.id),
      );
      expect(completed.body.data.every((c: Conversation) => c.status === 'completed')).toBe(true);
      const paused = await as().get('/api/conversations?status=paused');
      expect(paused.body.page.total).toBe(1);
      const tagged = await as().get('/api/conversations?tags=pedido');
      expect(tagged.body.page.total).toBe(2);
      const vip = await as().get('/api/conversations?tags=vip,inexistente');
      expect(vip.body.data).toHaveLength(1);
      expect(vip.body.data[0].tags).toEqual(['vip', 'pedido']);
      const ai = await as().get('/api/conversations?handler=ai');
      const all = await as().get('/api/conversations?status=all');
      expect(ai.body.page.total).toBe(all.body.page.total);
      const clientId = all.body.data[0].clientId;
      const byClient = await as().get(`/api/conversations?clientId=${clientId}`);
      expect(byClient.body.data.map((c: Conversation) => c.clientId)).toEqual([clientId]);
    });

    it('searches name, phone, client id and last message, ignoring case and accents', async () => {
      const byName = await as().get(`/api/conversations?search=${encodeURIComponent('joao conceicao')}`);
      expect(byName.body.page.total).toBe(2);
      expect(byName.body.data.every((c: Conversation) => c.clientName === 'João Conceição')).toBe(true);
      const byAccent = await as().get(`/api/conversations?search=${encodeURIComponent('ÁLVARES')}`);
      expect(byAccent.body.page.total).toBe(2);
      // Not 'cafe' alone: that is hex, and a client id (also searched) may hold it.
      const byText = await as().get(`/api/conversations?search=${encodeURIComponent('PRECO do cafe')}`);
      expect(byText.body.data.map((c: Conversation) => c.lastMessage)).toEqual([
        'Quero o preço do CAFÉ especial',
      ]);
      const byPhone = await as().get(`/api/conversations?search=${phones[7]}`);
      expect(byPhone.body.data).toHaveLength(1);
      const clientId = byPhone.body.data[0].clientId;
      const byClientId = await as().get(`/api/conversations?search=${clientId}`);
      expect(byClientId.body.data.map((c: Conversation) => c.clientId)).toContain(clientId);
      const wildcard = await as().get(`/api/conversations?search=${encodeURIComponent('%_')}`);
      expect(wildcard.body.page.total).toBe(0);
    });

    it('rows written outside the messaging services (no search text) are still found', async () => {
      const { conversationId } = await inbound({ phone: '5521980009999', name: 'Zeca Externo', text: 'oi' });
      await ctx.app.db
        .updateTable('conversations')
        .set({ search_text: null })
        .where('id', '=', conversationId)
        .execute();
      const response = await as().get('/api/conversations?search=zeca');
      expect(response.body.data.map((c: Conversation) => c.id)).toEqual([conversationId]);
    });

    it('rejects bad queries with 400 + pt-BR message + code', async () => {
      for (const query of [
        'status=closed',
        'limit=0',
        'limit=1000',
        'handler=robot',
        'cursor=nao-e-cursor',
      ]) {
        const response = await as().get(`/api/conversations?${query}`);
        expect(response.status, query).toBe(400);
        expect(response.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
        expect(response.body.message).toMatch(/inválid|Dados/);
      }
    });
  });

  describe('detail and older pages', () => {
    let conversationId = '';
    beforeAll(async () => {
      for (let i = 1; i <= 25; i++) {
        ({ conversationId } = await inbound({ phone: '5531977770000', text: `msg ${i}` }));
      }
    });

    it('answers the newest messages in chronological order with hasMoreMessages', async () => {
      const response = await as().get(`/api/conversations/${conversationId}?messagesLimit=10`);
      expect(response.status).toBe(200);
      const detail = response.body.data;
      expect(detail.messages.map((m: Message) => m.content)).toEqual(
        Array.from({ length: 10 }, (_, i) => `msg ${i + 16}`),
      );
      expect(detail.hasMoreMessages).toBe(true);
      expect(detail).toMatchObject({ id: conversationId, messageCount: 25, status: 'active' });
      const whole = await as().get(`/api/conversations/${conversationId}?messagesLimit=100`);
      expect(whole.body.data.messages).toHaveLength(25);
      expect(whole.body.data.hasMoreMessages).toBe(false);
    });

    it('pages older messages before a message id until the first', async () => {
      const detail = (await as().get(`/api/conversations/${conversationId}?messagesLimit=10`)).body.data;
      const older = await as().get(
        `/api/conversations/${conversationId}/messages?before=${detail.messages[0].id}&limit=10`,
      );
      expect(older.status).toBe(200);
      expect(older.body.data.messages.map((m: Message) => m.content)).toEqual(
        Array.from({ length: 10 }, (_, i) => `msg ${i + 6}`),
      );
      expect(older.body.data.hasMore).toBe(true);
      const oldest = await as().get(
        `/api/conversations/${conversationId}/messages?before=${older.body.data.messages[0].id}&limit=10`,
      );
      expect(oldest.body.data.messages.map((m: Message) => m.content)).toEqual(
        Array.from({ length: 5 }, (_, i) => `msg ${i + 1}`),
      );
      expect(oldest.body.data.hasMore).toBe(false);
    });

    it('unknown ids are 404 in pt-BR; bad query is 400', async () => {
      const missing = await as().get('/api/conversations/nao-existe');
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ success: false, code: 'NOT_FOUND', message: 'Conversa não encontrada' });
      expect((await as().get('/api/conversations/nao-existe/messages')).status).toBe(404);
      const badBefore = await as().get(`/api/conversations/${conversationId}/messages?before=nao-existe`);
      expect(badBefore.status).toBe(404);
      expect(badBefore.body.message).toBe('Mensagem não encontrada');
      expect((await as().get(`/api/conversations/${conversationId}?messagesLimit=0`)).status).toBe(400);
      expect((await as().get(`/api/conversations/${'x'.repeat(65)}`)).status).toBe(400);
    });

    it("carries its inbox's nearest response-time target on the list and the chat, as soon as an admin sets it", async () => {
      const { inboxId } = (await as().get(`/api/conversations/${conversationId}?messagesLimit=1`)).body.data;
      const setTargets = (sla: { firstResponseMinutes: number | null; resolutionMinutes: number | null }) =>
        ctx.app.inject({
          method: 'PATCH',
          url: `/api/inboxes/${inboxId}`,
          headers: { authorization: `Bearer ${admin.token}` },
          payload: { sla },
        });
      const shown = async () => {
        const detail = (await as().get(`/api/conversations/${conversationId}?messagesLimit=1`)).body.data;
        const rows = (await as().get(`/api/conversations?limit=200`)).body.data as Conversation[];
        return { chat: detail.sla, row: rows.find((c) => c.id === conversationId)?.sla };
      };
      expect(await shown()).toEqual({ chat: null, row: null });

      expect((await setTargets({ firstResponseMinutes: 10, resolutionMinutes: null })).statusCode).toBe(200);
      const waiting = await shown();
      expect(waiting.chat).toMatchObject({ kind: 'first_response', state: 'ok' });
      expect(waiting.row).toEqual(waiting.chat);

      expect((await setTargets({ firstResponseMinutes: null, resolutionMinutes: null })).statusCode).toBe(
        200,
      );
      expect(await shown()).toEqual({ chat: null, row: null });
    });
  });

  describe('send, react, takeover', () => {
    const phone = '5541966660000';
    let conversationId = '';
    let clientMessageId = '';
    beforeAll(async () => {
      ({ conversationId, messageId: clientMessageId } = await inbound({
        phone,
        name: 'Rita',
        text: 'Meu pedido atrasou',
      }));
    });

    it('an operator message is stored, sent through the channel, emitted, and takes the conversation over', async () => {
      const s = await socket(conversationId);
      const dashboard = await socket();
      const created = nextEvent<Message>(s, 'conversations:newMessage');
      const handler = nextEvent<{
        conversationId: string;
        handler: Conversation['handler'];
        isAiHandled: boolean;
      }>(s, 'conversation:handler');
      const activity = nextEvent<{ type: string }>(dashboard, 'analytics:update');
      const statuses = recordEvents<{ messageId: string; status: string }>(s, 'message:status');
      const response = await as(operator.token).post(`/api/conversations/${conversationId}/messages`, {
        message: '  Vou verificar para você  ',
        type: 'text',
        replyTo: clientMessageId,
      });
      expect(response.status).toBe(200);
      const message = response.body.data as Message;
      expect(response.body).toMatchObject({ success: true, message: 'Mensagem enviada' });
      expect(message).toMatchObject({
        conversationId,
        sender: 'agent',
        content: 'Vou verificar para você',
        status: 'pending',
        authorName: operator.name,
        aiGenerated: false,
        replyTo: { id: clientMessageId, content: 'Meu pedido atrasou', sender: 'client' },
      });
      expect((await created).id).toBe(message.id);
      expect(await handler).toMatchObject({
        conversationId,
        isAiHandled: false,
        handler: { mode: 'human', userId: operator.id, userName: operator.name },
      });
      expect((await activity).type).toBe('takeover');
      const job = await ctx.app.db
        .selectFrom('jobs')
        .selectAll()
        .where('dedupe_key', '=', `channel_send:${message.id}`)
        .executeTakeFirstOrThrow();
      expect(job.status).toBe('pending');

      await runChannelJobs();
      await sleep(50);
      const outbox = await as().get(`/api/simulator/outbox?phone=${phone}`);
      const stored = await ctx.app.db
        .selectFrom('messages')
        .selectAll()
        .where('id', '=', message.id)
        .executeTakeFirstOrThrow();
      expect(outbox.body.data.at(-1)).toMatchObject({
        kind: 'text',
        text: 'Vou verificar para você',
        providerMessageId: stored.provider_message_id,
      });
      expect(stored.status).toBe('delivered');
      // The simulated phone's receipt races the send's own 'sent' write, as a real provider's can:
      // when the receipt wins, 'sent' is rightly refused as a step back and only 'delivered' is emitted.
      const emitted = statuses.received.filter((e) => e.messageId === message.id).map((e) => e.status);
      expect([['sent', 'delivered'], ['delivered']]).toContainEqual(emitted);
      // the quoted customer message travels as the provider's id
      const original = await ctx.app.db
        .selectFrom('messages')
        .select('provider_message_id')
        .where('id', '=', clientMessageId)
        .executeTakeFirstOrThrow();
      expect(outbox.body.data.at(-1).quotedProviderMessageId).toBe(original.provider_message_id);
      const conversation = (await as().get(`/api/conversations/${conversationId}`)).body.data;
      expect(conversation).toMatchObject({
        isAiHandled: false,
        messageCount: 2,
        lastMessage: 'Vou verificar para você',
      });
      expect(conversation.averageResponseTime).not.toBeNull();
      // running the job again sends nothing twice
      await ctx.app.db.updateTable('jobs').set({ status: 'pending' }).where('id', '=', job.id).execute();
      await runChannelJobs();
      const again = await as().get(`/api/simulator/outbox?phone=${phone}`);
      expect(
        again.body.data.filter((d: { text: string }) => d.text === 'Vou verificar para você'),
      ).toHaveLength(1);
    });

    it('an admin message is sender admin; a reply target from another conversation is refused', async () => {
      const response = await as().post(`/api/conversations/${conversationId}/messages`, { message: 'Olá' });
      expect(response.body.data).toMatchObject({ sender: 'admin', authorName: admin.name, type: 'text' });
      const other = await inbound({ phone: '5541966661111', text: 'outra conversa' });
      const refused = await as().post(`/api/conversations/${conversationId}/messages`, {
        message: 'x',
        replyTo: other.messageId,
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        success: false,
        code: 'VALIDATION_ERROR',
        message: 'Mensagem original não encontrada',
      });
    });

    it('send validates its body and ids', async () => {
      for (const body of [
        {},
        { message: '   ' },
        { message: 'x'.repeat(4097) },
        { message: 'ok', type: 'gif' },
      ]) {
        const response = await as().post(`/api/conversations/${conversationId}/messages`, body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(response.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      }
      const missing = await as().post('/api/conversations/nao-existe/messages', { message: 'oi' });
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe('Conversa não encontrada');
    });

    it('reactions: add, change, remove per sender, spec shape, sent to the customer', async () => {
      const s = await socket(conversationId);
      const events = recordEvents<{ messageId: string; reactions: Message['reactions'] }>(
        s,
        'message:reaction',
      );
      const url = `/api/conversations/${conversationId}/messages/${clientMessageId}/react`;
      const add = await as().post(url, { emoji: '👍' });
      expect(add.status).toBe(200);
      expect(add.body).toEqual({ success: true, message: 'Reação enviada' });
      await as().post('/api/simulator/reaction', { phone, messageId: clientMessageId, emoji: '👍' });
      await runChannelJobs();
      await as().post(url, { emoji: '❤️' });
      await runChannelJobs();
      const remove = await as().post(url, { emoji: null });
      expect(remove.body).toEqual({ success: true, message: 'Reação removida' });
      await sleep(100);
      expect(events.received.map((e) => e.reactions)).toEqual([
        { '👍': { senders: [{ sender: 'agent' }] } },
        { '👍': { senders: [{ sender: 'agent' }, { sender: 'client' }] } },
        { '👍': { senders: [{ sender: 'client' }] }, '❤️': { senders: [{ sender: 'agent' }] } },
        { '👍': { senders: [{ sender: 'client' }] } },
      ]);
      const detail = (await as().get(`/api/conversations/${conversationId}`)).body.data;
      expect(detail.messages.find((m: Message) => m.id === clientMessageId).reactions).toEqual({
        '👍': { senders: [{ sender: 'client' }] },
      });
      await runChannelJobs();
      const outbox = (await as().get(`/api/simulator/outbox?phone=${phone}`)).body.data.filter(
        (d: { kind: string }) => d.kind === 'reaction',
      );
      expect(outbox.map((d: { emoji: string | null }) => d.emoji)).toEqual(['👍', '❤️', null]);

      expect((await as().post(url, { emoji: '' })).status).toBe(400);
      expect((await as().post(url, {})).status).toBe(400);
      const unknownMessage = await as().post(
        `/api/conversations/${conversationId}/messages/nao-existe/react`,
        { emoji: '👍' },
      );
      expect(unknownMessage.status).toBe(404);
      expect(unknownMessage.body.message).toBe('Mensagem não encontrada');
      const unknownConversation = await as().post(
        `/api/conversations/nao-existe/messages/${clientMessageId}/react`,
        { emoji: '👍' },
      );
      expect(unknownConversation.status).toBe(404);
    });

    it('takeover and handback over REST and sockets record who and when, with events and activities', async () => {
      const { conversationId: id } = await inbound({ phone: '5541966662222', name: 'Téo', text: 'Oi' });
      const s = await socket(id);
      const dashboard = await socket();
      const handlers = recordEvents<{ handler: Conversation['handler']; isAiHandled: boolean }>(
        s,
        'conversation:handler',
      );
      const activities = recordEvents<{ type: string; description: string }>(dashboard, 'analytics:update');
      const taken = await as(operator.token).post(`/api/conversations/${id}/takeover`);
      expect(taken.status).toBe(200);
      expect(taken.body.data).toMatchObject({
        isAiHandled: false,
        handler: { mode: 'human', userId: operator.id, userName: operator.name },
      });
      const back = await as(operator.token).post(`/api/conversations/${id}/handback`);
      expect(back.body.data).toMatchObject({
        isAiHandled: true,
        handler: { mode: 'ai', userId: operator.id },
      });
      const ackStart = await s.timeout(3000).emitWithAck('takeover:start', { conversationId: id });
      expect(ackStart).toMatchObject({
        success: true,
        data: { handler: { mode: 'human', userId: admin.id } },
      });
      const ackEnd = await s.timeout(3000).emitWithAck('takeover:end', { conversationId: id });
      expect(ackEnd).toMatchObject({ success: true, data: { handler: { mode: 'ai' } } });
      const ackMissing = await s
        .timeout(3000)
        .emitWithAck('takeover:start', { conversationId: 'nao-existe' });
      expect(ackMissing).toEqual({ success: false, message: 'Conversa não encontrada' });
      await sleep(100);
      expect(handlers.received.map((h) => h.handler.mode)).toEqual(['human', 'ai', 'human', 'ai']);
      expect(activities.received.filter((a) => a.type === 'takeover')).toHaveLength(4);
      expect(activities.received[0]!.description).toContain(operator.name);
      const stored = await ctx.app.db
        .selectFrom('activities')
        .selectAll()
        .where('conversation_id', '=', id)
        .where('type', '=', 'takeover')
        .execute();
      expect(stored).toHaveLength(4);
      // a repeated handback changes nothing
      await as().post(`/api/conversations/${id}/handback`);
      expect(
        await ctx.app.db
          .selectFrom('activities')
          .select('id')
          .where('conversation_id', '=', id)
          .where('type', '=', 'takeover')
          .execute(),
      ).toHaveLength(4);
      expect((await as().post('/api/conversations/nao-existe/takeover')).status).toBe(404);
      expect((await as().post('/api/conversations/nao-existe/handback')).status).toBe(404);
    });

    it('send:message over the socket uses the same service and acks the message', async () => {
      const s = await socket(conversationId);
      const ack = await s
        .timeout(3000)
        .emitWithAck('send:message', { conversationId, message: 'Pelo socket' });
      expect(ack).toMatchObject({
        success: true,
        data: { content: 'Pelo socket', sender: 'admin', conversationId },
      });
      const bad = await s.timeout(3000).emitWithAck('send:message', { conversationId, message: '' });
      expect(bad.success).toBe(false);
      const missing = await s
        .timeout(3000)
        .emitWithAck('send:message', { conversationId: 'nao-existe', message: 'oi' });
      expect(missing).toEqual({ success: false, message: 'Conversa não encontrada' });
    });
  });

  describe('clients', () => {
    it('answers a map keyed by client id, optionally narrowed by ids', async () => {
      const a = await inbound({ phone: '5551955550001', name: 'Cliente A', text: 'oi' });
      const b = await inbound({ phone: '5551955550002', text: 'oi' });
      const all = await as().get('/api/clients');
      expect(all.status).toBe(200);
      expect(all.body.data[a.clientId]).toMatchObject({
        id: a.clientId,
        name: 'Cliente A',
        phone: '5551955550001',
        totalMessages: 1,
      });
      const narrowed = await as().get(`/api/clients?ids=${a.clientId},${b.clientId},desconhecido`);
      expect(Object.keys(narrowed.body.data).sort()).toEqual([a.clientId, b.clientId].sort());
      expect((await as().get(`/api/clients?ids=${'x,'.repeat(300)}`)).status).toBe(400);
    });
  });

  it('every route answers 401 without a token', async () => {
    for (const [method, url] of [
      ['GET', '/api/conversations'],
      ['GET', '/api/conversations/x'],
      ['GET', '/api/conversations/x/messages'],
      ['POST', '/api/conversations/x/messages'],
      ['POST', '/api/conversations/x/messages/y/react'],
      ['POST', '/api/conversations/x/takeover'],
      ['POST', '/api/conversations/x/handback'],
      ['GET', '/api/clients'],
    ] as const) {
      const response = await ctx.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
