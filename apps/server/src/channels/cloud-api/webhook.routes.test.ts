import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Message } from '@atende/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  bearer,
  connectSocket,
  createAndLogin,
  describeEachDatabase,
  listen,
  nextEvent,
  useTestApp,
} from '../../../test/helpers.js';
import { TOKEN_INVALID } from './cloud-api-channel.js';
import {
  FAKE_DISPLAY_NUMBER,
  FAKE_PHONE_NUMBER_ID,
  FAKE_TOKEN,
  FAKE_WABA_ID,
  type FakeGraph,
  graphError,
  isSend,
  PNG_BYTES,
  type RecordedRequest,
  startFakeGraph,
} from './test-support/fake-graph.js';
import {
  APP_SECRET,
  change,
  contact,
  mediaMessage,
  reactionMessage,
  signedHeaders,
  statusUpdate,
  textMessage,
  VERIFY_TOKEN,
  webhook,
} from './test-support/webhook-fixtures.js';

/** Polls until `check` returns a value (jobs run in the background; a loaded machine takes seconds). */
async function waitFor<T>(
  check: () => Promise<T | undefined | null | false>,
  timeoutMs = 15_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describeEachDatabase('WhatsApp Cloud API webhooks and sends', (kind) => {
  const mediaDir = mkdtempSync(join(tmpdir(), 'atende-cloud-api-'));
  let graph: FakeGraph;
  // Filled in before the app boots (the fake Graph's port is known only once it listens).
  const env: Record<string, string> = {};
  beforeAll(async () => {
    graph = await startFakeGraph();
    Object.assign(env, {
      CHANNEL: 'cloud-api',
      MEDIA_DIR: mediaDir,
      WHATSAPP_PHONE_NUMBER_ID: FAKE_PHONE_NUMBER_ID,
      WHATSAPP_BUSINESS_ACCOUNT_ID: FAKE_WABA_ID,
      WHATSAPP_ACCESS_TOKEN: FAKE_TOKEN,
      WHATSAPP_APP_SECRET: APP_SECRET,
      WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
      WHATSAPP_GRAPH_URL: graph.url,
      WHATSAPP_ALLOW_PRIVATE: 'true',
    });
  });
  const ctx = useTestApp(kind, env);
  let token = '';
  beforeAll(async () => {
    token = (await createAndLogin(ctx.app, 'admin')).token;
  });
  afterAll(async () => {
    await graph.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  const post = (body: unknown, headers?: Record<string, string>) => {
    const raw = JSON.stringify(body);
    return ctx.app.inject({
      method: 'POST',
      url: '/webhooks/whatsapp',
      payload: raw,
      headers: headers ?? signedHeaders(raw),
    });
  };
  const messageByWamid = (wamid: string) =>
    ctx.app.db.selectFrom('messages').selectAll().where('provider_message_id', '=', wamid).executeTakeFirst();
  /** Customer messages stored (the agent answers some of them: those are ours). */
  const countMessages = async () =>
    Number(
      (
        await ctx.app.db
          .selectFrom('messages')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('sender', '=', 'client')
          .executeTakeFirstOrThrow()
      ).n,
    );
  const messagesOf = async (conversationId: string): Promise<Message[]> =>
    (
      await ctx.app.inject({ url: `/api/conversations/${conversationId}/messages`, headers: bearer(token) })
    ).json().data.messages;

  /** A customer writes, an operator answers; answers our message once Graph gave it its wamid. */
  async function conversationWithOurMessage(phone: string, text: string) {
    const inbound = textMessage(phone, 'Olá, preciso de ajuda');
    expect(
      (await post(webhook([change({ contacts: [contact(phone, 'Cliente')], messages: [inbound] })])))
        .statusCode,
    ).toBe(200);
    const stored = await messageByWamid(inbound.id as string);
    const conversationId = stored?.conversation_id as string;
    const sent = await ctx.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversationId}/messages`,
      headers: bearer(token),
      payload: { message: text },
    });
    expect(sent.statusCode).toBe(200);
    const ours = sent.json().data as Message;
    const row = await waitFor(async () => {
      const current = await ctx.app.db
        .selectFrom('messages')
        .selectAll()
        .where('id', '=', ours.id)
        .executeTakeFirst();
      return current?.status !== 'pending' && current;
    });
    return { conversationId, ours: row, inbound };
  }

  it('status: connected after the token + number check, with the number', async () => {
    const response = await ctx.app.inject({ url: '/api/whatsapp/status', headers: bearer(token) });
    expect(response.json().data).toMatchObject({
      connected: true,
      channel: 'cloud-api',
      phone: FAKE_DISPLAY_NUMBER,
      qr: null,
    });
  });

  it('GET verify: the right token answers the challenge; a wrong one is refused', async () => {
    const ok = await ctx.app.inject({
      url: `/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const wrong = await ctx.app.inject({
      url: '/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=errado&hub.challenge=1158201444',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).not.toContain('1158201444');
  });

  it('signed text: stored and shown live; re-serialised, tampered or unsigned → 401 and nothing stored', async () => {
    const phone = '5511987650001';
    const body = webhook([
      change({ contacts: [contact(phone, 'Ana')], messages: [textMessage(phone, 'Oi, meu pedido atrasou')] }),
    ]);
    const raw = JSON.stringify(body);
    const headers = signedHeaders(raw);
    const before = await countMessages();

    const reserialised = await ctx.app.inject({
      method: 'POST',
      url: '/webhooks/whatsapp',
      payload: JSON.stringify(body, null, 2),
      headers,
    });
    expect(reserialised.statusCode).toBe(401);
    const tampered = await ctx.app.inject({
      method: 'POST',
      url: '/webhooks/whatsapp',
      payload: raw.replace('atrasou', 'chegou!'),
      headers,
    });
    expect(tampered.statusCode).toBe(401);
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: '/webhooks/whatsapp',
      payload: raw,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    expect(await countMessages()).toBe(before);

    const socket = await connectSocket(await listen(ctx.app), { token });
    try {
      await new Promise((resolve) => socket.emit('join:dashboard', resolve));
      const live = nextEvent<{ content: string }>(socket, 'conversations:newMessage');
      const ok = await ctx.app.inject({ method: 'POST', url: '/webhooks/whatsapp', payload: raw, headers });
      expect(ok.statusCode).toBe(200);
      // The 200 means stored: the row is there when the answer arrives.
      const message = (
        body.entry as Array<{ changes: Array<{ value: { messages: Array<{ id: string }> } }> }>
      )[0]?.changes[0]?.value.messages[0];
      expect(await messageByWamid(message?.id as string)).toMatchObject({
        content: 'Oi, meu pedido atrasou',
        sender: 'client',
      });
      expect((await live).content).toBe('Oi, meu pedido atrasou');
    } finally {
      socket.disconnect();
    }
    expect(await countMessages()).toBe(before + 1);
  });

  it('one malformed change does not refuse the delivery: the valid ones are stored, the bad one reported', async () => {
    const good = textMessage('5511987650077', 'Chegou inteiro?');
    const response = await post({
      object: 'whatsapp_business_account',
      entry: [
        { id: 'waba', changes: [change({ messages: [good] }), { value: { messages: [] } }] },
        { id: 'sem-changes' },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ messages: 1, skipped: 2 });
    expect(await messageByWamid(good.id as string)).toBeDefined();
  });

  it('the same POST twice (a retry) stores once; both answered 200', async () => {
    const body = webhook([change({ messages: [textMessage('5511987650002', 'Mensagem repetida')] })]);
    const before = await countMessages();
    expect((await post(body)).statusCode).toBe(200);
    expect((await post(body)).statusCode).toBe(200);
    expect(await countMessages()).toBe(before + 1);
  });

  it('2 entries × 2 changes: every message and status of the batch', async () => {
    const phone = '5511987650003';
    const { ours } = await conversationWithOurMessage(phone, 'Seu pedido saiu');
    const texts = ['e1c1', 'e1c2', 'e2c1'];
    const body = webhook(
      [
        change({ messages: [textMessage(phone, 'e1c1')] }),
        change({ messages: [textMessage(phone, 'e1c2')] }),
      ],
      [
        change({ messages: [textMessage(phone, 'e2c1')] }),
        change({ statuses: [statusUpdate(ours.provider_message_id as string, 'delivered', phone)] }),
      ],
    );
    expect((await post(body)).statusCode).toBe(200);
    const stored = await ctx.app.db
      .selectFrom('messages')
      .select('content')
      .where('content', 'in', texts)
      .execute();
    expect(stored.map((r) => r.content).sort()).toEqual(texts);
    expect((await messageByWamid(ours.provider_message_id as string))?.status).toBe('delivered');
  });

  it('media: downloaded on receipt (media id → URL → bytes, with the token) into the media store', async () => {
    const message = mediaMessage('5511987650004', 'image', {
      id: 'media-foto-1',
      mime_type: 'image/png',
      caption: 'Foto do defeito',
    });
    expect((await post(webhook([change({ messages: [message] })]))).statusCode).toBe(200);
    const row = await messageByWamid(message.id as string);
    expect(row).toMatchObject({ type: 'image', content: 'Foto do defeito', media_mime_type: 'image/png' });
    expect(row?.media_url).toMatch(/^\/api\/media\//);
    const file = await ctx.app.inject({ url: row?.media_url as string, headers: bearer(token) });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG_BYTES)).toBe(true);
    expect(
      graph.requests
        .filter((r) => r.path.includes('media-foto-1'))
        .every((r) => r.authorization === `Bearer ${FAKE_TOKEN}`),
    ).toBe(true);
  });

  it('replies: a known wamid links the quoted message; an unknown one still stores the message', async () => {
    const phone = '5511987650005';
    const first = textMessage(phone, 'Qual o prazo?');
    await post(webhook([change({ messages: [first] })]));
    const known = textMessage(phone, 'Respondendo a mim mesmo', { context: { from: phone, id: first.id } });
    const unknown = textMessage(phone, 'Resposta a algo antigo', {
      context: { from: phone, id: 'wamid.NAO-EXISTE' },
    });
    expect((await post(webhook([change({ messages: [known, unknown] })]))).statusCode).toBe(200);
    const conversationId = (await messageByWamid(first.id as string))?.conversation_id as string;
    const messages = await messagesOf(conversationId);
    const quoting = messages.find((m) => m.content === 'Respondendo a mim mesmo');
    expect(quoting?.replyTo).toMatchObject({ content: 'Qual o prazo?', sender: 'client' });
    expect(messages.find((m) => m.content === 'Resposta a algo antigo')?.replyTo).toBeNull();
  });

  it('outbound: text to Graph, its wamid becomes the provider id; the customer reacts and un-reacts to it', async () => {
    const phone = '5511987650006';
    const { ours, conversationId } = await conversationWithOurMessage(phone, 'Posso ajudar?');
    expect(ours.status).toBe('sent');
    expect(ours.provider_message_id).toMatch(/^wamid\.FAKE/);
    const send = graph
      .sends()
      .find((r) => (r.body as { text?: { body: string } }).text?.body === 'Posso ajudar?');
    expect(send?.body).toMatchObject({ to: phone, type: 'text' });

    await post(
      webhook([change({ messages: [reactionMessage(phone, ours.provider_message_id as string, '🙏')] })]),
    );
    let mine = (await messagesOf(conversationId)).find((m) => m.id === ours.id);
    expect(mine?.reactions).toEqual({ '🙏': { senders: [{ sender: 'client' }] } });
    await post(webhook([change({ messages: [reactionMessage(phone, ours.provider_message_id as string)] })]));
    mine = (await messagesOf(conversationId)).find((m) => m.id === ours.id);
    expect(mine?.reactions).toEqual({});
  });

  it('statuses out of order keep the highest: read before delivered stays read', async () => {
    const phone = '5511987650007';
    const { ours } = await conversationWithOurMessage(phone, 'Confirmado!');
    const wamid = ours.provider_message_id as string;
    await post(webhook([change({ statuses: [statusUpdate(wamid, 'read', phone)] })]));
    await post(
      webhook([
        change({ statuses: [statusUpdate(wamid, 'delivered', phone), statusUpdate(wamid, 'sent', phone)] }),
      ]),
    );
    expect((await messageByWamid(wamid))?.status).toBe('read');
  });

  it('failed 131047 from a status: final, with the code and the pt-BR reason on the message', async () => {
    const phone = '5511987650008';
    const { ours, conversationId } = await conversationWithOurMessage(phone, 'Tem mais alguma dúvida?');
    const wamid = ours.provider_message_id as string;
    await post(
      webhook([
        change({
          statuses: [
            statusUpdate(wamid, 'failed', phone, [{ code: 131047, title: 'Re-engagement message' }]),
          ],
        }),
      ]),
    );
    await post(webhook([change({ statuses: [statusUpdate(wamid, 'delivered', phone)] })]));
    const mine = (await messagesOf(conversationId)).find((m) => m.id === ours.id);
    expect(mine?.status).toBe('failed');
    expect(mine?.statusError).toEqual({
      code: '131047',
      explanation: expect.stringContaining('janela de atendimento fechou'),
    });
  });

  it('a send refused by Graph with 131047 fails at once with the reason; 130429 is retried', async () => {
    // Only for our text: the agent's reply to the customer may be sent before or after it.
    const sendOf = (text: string) => (r: RecordedRequest) =>
      isSend(r) && JSON.stringify(r.body).includes(text);
    graph.queue(sendOf('Depois de um limite'), graphError(400, 130429, 'Rate limit hit'));
    const phone = '5511987650009';
    const { ours } = await conversationWithOurMessage(phone, 'Depois de um limite');
    expect(ours.status).toBe('sent');

    graph.queue(sendOf('Fora da janela'), graphError(400, 131047, 'Re-engagement message'));
    const refused = await conversationWithOurMessage('5511987650010', 'Fora da janela segundo a Meta');
    expect(refused.ours).toMatchObject({ status: 'failed', status_error_code: '131047' });
    expect(refused.ours.status_error).toContain('24 horas');
  });

  it('the 24-hour window: open until 24 h after the customer wrote; closed → no free text, a template instead', async () => {
    const phone = '5511987650011';
    const dayAgo = Math.floor((Date.now() - 25 * 3600_000) / 1000);
    const old: Record<string, unknown> = {
      ...textMessage(phone, 'Mensagem de ontem'),
      timestamp: String(dayAgo),
    };
    await post(webhook([change({ messages: [old] })]));
    const conversationId = (await messageByWamid(old.id as string))?.conversation_id as string;
    // The agent's job for that message ran and stayed silent: its answer would land outside the window.
    const oldId = (await messageByWamid(old.id as string))?.id as string;
    await waitFor(async () => {
      const job = await ctx.app.db
        .selectFrom('jobs')
        .select('status')
        .where('kind', '=', 'agent_reply')
        .where('payload', 'like', `%${oldId}%`)
        .executeTakeFirst();
      return job?.status === 'done';
    });
    const agentAnswers = await ctx.app.db
      .selectFrom('messages')
      .select('id')
      .where('conversation_id', '=', conversationId)
      .where('sender', '=', 'agent')
      .execute();
    expect(agentAnswers).toEqual([]);
    const closed = await ctx.app.inject({
      url: `/api/conversations/${conversationId}/window`,
      headers: bearer(token),
    });
    expect(closed.json().data).toMatchObject({ applies: true, open: false, closesAt: null });

    const sendsBefore = graph.sends().length;
    const free = await ctx.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversationId}/messages`,
      headers: bearer(token),
      payload: { message: 'Texto livre fora da janela' },
    });
    const freeId = free.json().data.id as string;
    const failed = await waitFor(async () => {
      const row = await ctx.app.db
        .selectFrom('messages')
        .selectAll()
        .where('id', '=', freeId)
        .executeTakeFirst();
      return row?.status === 'failed' && row;
    });
    expect(failed.status_error_code).toBe('131047');
    expect(graph.sends().length).toBe(sendsBefore);

    const templates = await ctx.app.inject({ url: '/api/whatsapp/templates', headers: bearer(token) });
    expect(templates.json().data).toEqual([
      expect.objectContaining({ name: 'retomar_atendimento', language: 'pt_BR', parameterCount: 2 }),
    ]);
    const wrongCount = await ctx.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversationId}/template`,
      headers: bearer(token),
      payload: { name: 'retomar_atendimento', language: 'pt_BR', parameters: ['Ana'] },
    });
    expect(wrongCount.statusCode).toBe(400);
    const sent = await ctx.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversationId}/template`,
      headers: bearer(token),
      payload: { name: 'retomar_atendimento', language: 'pt_BR', parameters: ['Ana', 'sua troca'] },
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data.content).toBe('Olá Ana, podemos continuar seu atendimento sobre sua troca?');
    const templateId = sent.json().data.id as string;
    const delivered = await waitFor(async () => {
      const row = await ctx.app.db
        .selectFrom('messages')
        .selectAll()
        .where('id', '=', templateId)
        .executeTakeFirst();
      return row?.status === 'sent' && row;
    });
    expect(delivered.provider_message_id).toMatch(/^wamid\./);
    expect(graph.sends().at(-1)?.body).toMatchObject({
      type: 'template',
      template: { name: 'retomar_atendimento' },
    });

    // The customer answers: the window opens for 24 h from that message.
    await post(webhook([change({ messages: [textMessage(phone, 'Pode sim!')] })]));
    const open = (
      await ctx.app.inject({ url: `/api/conversations/${conversationId}/window`, headers: bearer(token) })
    ).json().data;
    expect(open.open).toBe(true);
    const closesIn = Date.parse(open.closesAt) - Date.now();
    expect(closesIn).toBeGreaterThan(23.9 * 3600_000);
    expect(closesIn).toBeLessThanOrEqual(24 * 3600_000);
  });

  it('token expiry (190): disconnected with the reason on the status card; a new token connects', async () => {
    graph.setToken('EAAG-token-renovado-2026');
    const reconnect = await ctx.app.inject({
      method: 'POST',
      url: '/api/reconnect-whatsapp',
      headers: bearer(token),
    });
    expect(reconnect.json().data).toMatchObject({
      connected: false,
      state: 'disconnected',
      reason: TOKEN_INVALID,
    });
    const saved = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/inboxes/default',
      headers: bearer(token),
      payload: { settings: { accessToken: 'EAAG-token-renovado-2026' } },
    });
    expect(saved.statusCode).toBe(200);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/reconnect-whatsapp',
      headers: bearer(token),
    });
    expect(again.json().data).toMatchObject({ connected: true, reason: null, phone: FAKE_DISPLAY_NUMBER });
  });
});
