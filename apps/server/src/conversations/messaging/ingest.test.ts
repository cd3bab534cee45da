import type { Conversation, Message } from '@atende/contracts';
import { afterEach, beforeAll, expect, it } from 'vitest';
import {
  createAndLogin,
  describeEachDatabase,
  listen,
  nextEvent,
  recordEvents,
  sleep,
  spyOnFsync,
  useTestApp,
} from '../../../test/helpers.js';
import { api, joinedSocket, pairSimulator, type TestSocket } from '../../../test/simulator-kit.js';

describeEachDatabase('inbound ingest', (kind) => {
  const ctx = useTestApp(kind);
  let token = '';
  let baseUrl = '';
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    token = (await createAndLogin(ctx.app)).token;
    baseUrl = await listen(ctx.app);
    await pairSimulator(ctx.app, token);
    // Ingest records the agent's job; running it is the agent's business (its own tests).
    await ctx.app.domain.jobs.stop();
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  const socket = async (conversationId?: string) => {
    const s = await joinedSocket(baseUrl, token, conversationId);
    sockets.push(s);
    return s;
  };
  const inbound = (payload: Record<string, unknown>) =>
    api(ctx.app, token).post('/api/simulator/inbound', payload);

  it('a first message creates client, AI-handled conversation, message, activity and agent job, then emits', async () => {
    const s = await socket();
    const newMessage = nextEvent<Message>(s, 'conversations:newMessage');
    // The summary goes to the open chat's room only (below): the dashboard has the full message.
    const summaries = recordEvents<Record<string, unknown>>(s, 'newMessage');
    const updated = nextEvent<Conversation>(s, 'conversation:updated');
    const activity = nextEvent<{ type: string; title: string }>(s, 'analytics:update');

    const response = await inbound({
      phone: '+55 11 91234-0001'.replace(/[\s-]/g, ''),
      name: 'Ana Souza',
      text: 'Olá, tudo bem?',
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, data: { duplicate: false } });
    const { messageId, conversationId, clientId } = response.body.data;

    const db = ctx.app.db;
    const client = await db
      .selectFrom('clients')
      .selectAll()
      .where('id', '=', clientId)
      .executeTakeFirstOrThrow();
    expect(client).toMatchObject({ phone: '5511912340001', name: 'Ana Souza', total_messages: 1 });
    const conversation = await db
      .selectFrom('conversations')
      .selectAll()
      .where('id', '=', conversationId)
      .executeTakeFirstOrThrow();
    expect(conversation).toMatchObject({
      client_id: clientId,
      status: 'active',
      message_count: 1,
      last_message: 'Olá, tudo bem?',
      is_ai_handled: 1,
      handler_mode: 'ai',
    });
    expect(conversation.awaiting_since).not.toBeNull();
    const jobs = await db
      .selectFrom('jobs')
      .selectAll()
      .where('dedupe_key', '=', `agent_reply:${messageId}`)
      .execute();
    expect(jobs).toHaveLength(1);
    expect(JSON.parse(jobs[0]!.payload)).toEqual({ messageId, conversationId });

    const message = await newMessage;
    expect(message).toMatchObject({
      id: messageId,
      conversationId,
      sender: 'client',
      content: 'Olá, tudo bem?',
      type: 'text',
      reactions: {},
    });
    expect(summaries.received).toEqual([]);
    expect(await updated).toMatchObject({
      id: conversationId,
      status: 'active',
      messageCount: 1,
      isAiHandled: true,
      clientName: 'Ana Souza',
    });
    expect(await activity).toMatchObject({ type: 'conversation', title: 'Nova conversa' });
  });

  // SQLite's commit survives a crash of the process at once; the write-ahead log's fsync (which also
  // survives power loss) gates only the channel's acknowledgment.
  // (PostgreSQL's commit is already on disk: `synchronous_commit=on`.)
  if (kind === 'sqlite')
    it('shows a message on the dashboards once committed, and answers the channel once it is on disk', async () => {
      const s = await socket();
      const shown = nextEvent<Message>(s, 'conversations:newMessage');
      let releaseDisk!: () => void;
      const disk = new Promise<void>((resolve) => {
        releaseDisk = resolve;
      });
      const held = await spyOnFsync(async (sync) => {
        await disk;
        await sync();
      });
      let answered = false;
      const response = inbound({ phone: '5511912340099', text: 'Chegou antes do disco?' }).then((r) => {
        answered = true;
        return r;
      });
      try {
        expect(await shown).toMatchObject({ sender: 'client', content: 'Chegou antes do disco?' });
        await sleep(100);
        expect(answered).toBe(false);
      } finally {
        releaseDisk();
        held.mockRestore();
      }
      const body = (await response).body;
      expect(body).toMatchObject({ success: true, data: { duplicate: false } });
      expect((await shown).id).toBe(body.data.messageId);
    });

  it('the same delivery replayed 3× concurrently stores one message and one agent job', async () => {
    const payload = {
      phone: '5511912340002',
      text: 'Quero saber do meu pedido',
      providerMessageId: `replay-${kind}`,
    };
    const results = await Promise.all([inbound(payload), inbound(payload), inbound(payload)]);
    for (const r of results) expect(r.status).toBe(200);
    const ids = new Set(results.map((r) => r.body.data.messageId));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r.body.data.duplicate === false)).toHaveLength(1);
    const [messageId] = [...ids];
    const stored = await ctx.app.db
      .selectFrom('messages')
      .select('id')
      .where('provider_message_id', '=', payload.providerMessageId)
      .execute();
    expect(stored).toHaveLength(1);
    const jobs = await ctx.app.db
      .selectFrom('jobs')
      .select('id')
      .where('dedupe_key', '=', `agent_reply:${messageId}`)
      .execute();
    expect(jobs).toHaveLength(1);
    const conversation = await ctx.app.db
      .selectFrom('conversations')
      .select('message_count')
      .where('id', '=', results[0]!.body.data.conversationId)
      .executeTakeFirstOrThrow();
    expect(conversation.message_count).toBe(1);
    // and later replays too
    const again = await inbound(payload);
    expect(again.body.data).toMatchObject({ messageId, duplicate: true });
  });

  it('many concurrent messages are each committed and answered (group commit)', async () => {
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        inbound({ phone: `55119100000${String(i % 5).padStart(2, '0')}`, text: `mensagem ${i}` }),
      ),
    );
    expect(results.every((r) => r.status === 200 && r.body.data.duplicate === false)).toBe(true);
    const counts = await ctx.app.db
      .selectFrom('conversations as c')
      .innerJoin('clients as cl', 'cl.id', 'c.client_id')
      .select(['cl.phone', 'c.message_count'])
      .where('cl.phone', 'like', '55119100000%')
      .execute();
    expect(counts).toHaveLength(5);
    expect(counts.every((c) => c.message_count === 8)).toBe(true);
  });

  it('one bad message in a batch fails alone; the others of its batch are committed', async () => {
    const submit = (i: number, text: string | null) =>
      ctx.app.domain.messaging.appendInbound({
        inboxId: 'default',
        providerMessageId: `batch-${kind}-${i}`,
        phone: `551191111000${i}`,
        text: text as string,
        type: 'text',
      });
    const results = await Promise.allSettled(
      [0, 1, 2, 3, 4].map((i) => submit(i, i === 2 ? null : `ok ${i}`)),
    );
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    const stored = await ctx.app.db
      .selectFrom('messages')
      .select('provider_message_id')
      .where('provider_message_id', 'like', `batch-${kind}-%`)
      .execute();
    expect(stored.map((m) => m.provider_message_id).sort()).toEqual(
      [0, 1, 3, 4].map((i) => `batch-${kind}-${i}`),
    );
    const client = await ctx.app.db
      .selectFrom('clients')
      .select('id')
      .where('phone', '=', '5511911110002')
      .executeTakeFirst();
    expect(client).toBeUndefined();
  });

  it('a later message reuses the conversation, updates the name, and reactivates a finished one', async () => {
    const first = await inbound({ phone: '5511912340003', text: 'Oi' });
    const { conversationId, clientId } = first.body.data;
    await ctx.app.db
      .updateTable('conversations')
      .set({ status: 'completed' })
      .where('id', '=', conversationId)
      .execute();
    const s = await socket(conversationId);
    const statusUpdate = nextEvent<{ conversationId: string; status: string }>(
      s,
      'conversations:statusUpdate',
    );
    const summary = nextEvent<Record<string, unknown>>(s, 'newMessage');
    const second = await inbound({ phone: '5511912340003', name: 'Bruno Lima', text: 'Voltei' });
    expect(second.body.data).toMatchObject({ conversationId, clientId, duplicate: false });
    expect(await statusUpdate).toEqual({ conversationId, status: 'active' });
    // The spec's summary, to the sockets with the chat open.
    expect(await summary).toMatchObject({
      conversationId,
      clientId,
      messageId: second.body.data.messageId,
      sender: 'client',
      message: 'Voltei',
      replyTo: null,
    });
    const row = await ctx.app.db
      .selectFrom('conversations')
      .selectAll()
      .where('id', '=', conversationId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'active', message_count: 2, last_message: 'Voltei' });
    const client = await ctx.app.db
      .selectFrom('clients')
      .selectAll()
      .where('id', '=', clientId)
      .executeTakeFirstOrThrow();
    expect(client).toMatchObject({ name: 'Bruno Lima', total_messages: 2 });
    const conversations = await ctx.app.db
      .selectFrom('conversations')
      .select('id')
      .where('client_id', '=', clientId)
      .execute();
    expect(conversations).toHaveLength(1);
  });

  it('resolves a quoted reply by our id or by the provider id, within the conversation', async () => {
    const original = await inbound({
      phone: '5511912340004',
      text: 'Meu pedido 123',
      providerMessageId: `orig-${kind}`,
    });
    const byOurId = await inbound({
      phone: '5511912340004',
      text: 'Esse aqui',
      replyToId: original.body.data.messageId,
    });
    const byProviderId = await inbound({
      phone: '5511912340004',
      text: 'De novo',
      replyToId: `orig-${kind}`,
    });
    const unknown = await inbound({ phone: '5511912340004', text: 'Nada', replyToId: 'nao-existe' });
    const rows = await ctx.app.db
      .selectFrom('messages')
      .select(['id', 'reply_to_id', 'reply_to_content', 'reply_to_sender'])
      .where('id', 'in', [
        byOurId.body.data.messageId,
        byProviderId.body.data.messageId,
        unknown.body.data.messageId,
      ])
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const r of [byOurId, byProviderId]) {
      expect(byId.get(r.body.data.messageId)).toMatchObject({
        reply_to_id: original.body.data.messageId,
        reply_to_content: 'Meu pedido 123',
        reply_to_sender: 'client',
      });
    }
    expect(byId.get(unknown.body.data.messageId)?.reply_to_id).toBeNull();
  });

  it('a customer reaction is stored per sender and emitted in the spec shape', async () => {
    const original = await inbound({
      phone: '5511912340005',
      text: 'Obrigado!',
      providerMessageId: `react-${kind}`,
    });
    const { conversationId, messageId } = original.body.data;
    const s = await socket(conversationId);
    const events = recordEvents<{ conversationId: string; messageId: string; reactions: unknown }>(
      s,
      'message:reaction',
    );
    const add = await api(ctx.app, token).post('/api/simulator/reaction', {
      phone: '5511912340005',
      messageId: `react-${kind}`,
      emoji: '❤️',
    });
    expect(add.status).toBe(200);
    await sleep(100);
    expect(events.received.at(-1)).toEqual({
      conversationId,
      messageId,
      reactions: { '❤️': { senders: [{ sender: 'client' }] } },
    });
    await api(ctx.app, token).post('/api/simulator/reaction', {
      phone: '5511912340005',
      messageId,
      emoji: null,
    });
    await sleep(100);
    expect(events.received.at(-1)).toEqual({ conversationId, messageId, reactions: {} });
    const rows = await ctx.app.db
      .selectFrom('reactions')
      .selectAll()
      .where('message_id', '=', messageId)
      .execute();
    expect(rows).toHaveLength(0);
    // Another customer cannot react to this conversation's messages.
    await api(ctx.app, token).post('/api/simulator/reaction', {
      phone: '5511999999999',
      messageId,
      emoji: '👍',
    });
    expect(
      await ctx.app.db.selectFrom('reactions').selectAll().where('message_id', '=', messageId).execute(),
    ).toHaveLength(0);
  });
});
