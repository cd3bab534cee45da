import { createHmac } from 'node:crypto';
import type { Conversation, DomainEvent, Inbox } from '@atende/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  connectSocket,
  createAndLogin,
  createTestApp,
  describeEachDatabase,
  listen,
  recordEvents,
  useTestApp,
} from '../../test/helpers.js';
import {
  FAKE_DISPLAY_NUMBER,
  FAKE_PHONE_NUMBER_ID,
  FAKE_TOKEN,
  type FakeGraph,
  startFakeGraph,
} from '../channels/cloud-api/test-support/fake-graph.js';
import {
  change,
  contact,
  textMessage,
  webhook,
} from '../channels/cloud-api/test-support/webhook-fixtures.js';
import { fakeSocketFactory } from '../channels/whatsapp-web/test-support/fake-baileys.js';
import * as f from '../channels/whatsapp-web/test-support/fixtures.js';

const APP_SECRET = 'segredo-do-app-inboxes';
const SECOND_NUMBER_ID = '209876543210987';
const SECOND_TOKEN = 'EAAG-segundo-numero-token';
const CUSTOMER = '5511987654321';

async function waitFor<T>(
  check: () => Promise<T | undefined | null | false> | T,
  timeoutMs = 8000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Every kind at once in one process: the simulator (the first inbox), two Cloud API numbers on one
 * webhook, and two linked devices (fake sockets); messages reach the right inbox, replies leave
 * through the right number, removing an inbox keeps its history, and an operator limited to one inbox
 * sees nothing of another.
 */
describeEachDatabase('inboxes: several numbers at once', (kind) => {
  let graph: FakeGraph;
  const env: Record<string, string> = {};
  const sockets = fakeSocketFactory();
  beforeAll(async () => {
    graph = await startFakeGraph();
    graph.addNumber(SECOND_NUMBER_ID, '+55 21 4000-9999', SECOND_TOKEN);
    Object.assign(env, {
      CHANNEL: 'simulator',
      WHATSAPP_APP_SECRET: APP_SECRET,
      WHATSAPP_GRAPH_URL: graph.url,
      WHATSAPP_ALLOW_PRIVATE: 'true',
    });
  });
  afterAll(async () => {
    await graph.close();
  });
  const ctx = useTestApp(kind, env, {
    whatsappWeb: { socketFactory: sockets.factory, lease: { pollMs: 100, ttlMs: 2_000 } },
  });
  let admin = '';
  let operator = { token: '', id: '' };
  const ids: Record<string, string> = {};

  const api = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
    token = admin,
  ) => ctx.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });
  const inbox = async (id: string): Promise<Inbox> =>
    ((await api('GET', '/api/inboxes')).json().data as Inbox[]).find((i) => i.id === id) as Inbox;
  const conversationsOf = async (inboxId: string, token = admin): Promise<Conversation[]> =>
    (await api('GET', `/api/conversations?inboxId=${inboxId}`, undefined, token)).json().data;
  const signed = (body: unknown) => {
    const raw = JSON.stringify(body);
    const signature = `sha256=${createHmac('sha256', APP_SECRET).update(raw).digest('hex')}`;
    return ctx.app.inject({
      method: 'POST',
      url: '/webhooks/whatsapp',
      payload: raw,
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
    });
  };
  const cloudChange = (numberId: string, id: string, text: string) => {
    const message = { ...textMessage(CUSTOMER, text), id };
    const value = change({ contacts: [contact(CUSTOMER, 'Ana')], messages: [message] }) as {
      value: Record<string, unknown>;
    };
    return { ...value, value: { ...value.value, metadata: { phone_number_id: numberId } } };
  };

  const events: DomainEvent[] = [];
  beforeAll(async () => {
    ctx.app.domainEvents.subscribe((event) => events.push(event));
    admin = (await createAndLogin(ctx.app, 'admin')).token;
    const created = await createAndLogin(ctx.app, 'operator');
    operator = { token: created.token, id: created.user.id };
  });

  it('the first inbox comes from CHANNEL and is the primary one', async () => {
    const list = (await api('GET', '/api/inboxes')).json().data as Inbox[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: 'default', kind: 'simulator', primary: true, installed: true });
  });

  it('admins add a second simulator, two Cloud API numbers and two linked devices, live', async () => {
    const add = async (body: Record<string, unknown>) => {
      const response = await api('POST', '/api/inboxes', body);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as Inbox;
    };
    ids.sim2 = (await add({ kind: 'simulator', name: 'Loja 2' })).id;
    ids.cloud1 = (
      await add({
        kind: 'cloud-api',
        name: 'Vendas',
        settings: { phoneNumberId: FAKE_PHONE_NUMBER_ID, accessToken: FAKE_TOKEN },
      })
    ).id;
    const second = await add({
      kind: 'cloud-api',
      name: 'Suporte',
      settings: { phoneNumberId: SECOND_NUMBER_ID, accessToken: SECOND_TOKEN, maxPerSecond: 20 },
    });
    ids.cloud2 = second.id;
    // The token is write-only: stored, never served.
    expect(second.settings).toMatchObject({ phoneNumberId: SECOND_NUMBER_ID, accessToken: { set: true } });
    expect(JSON.stringify((await api('GET', '/api/inboxes')).json())).not.toContain(SECOND_TOKEN);
    ids.web1 = (await add({ kind: 'whatsapp-web', name: 'Celular 1' })).id;
    ids.web2 = (await add({ kind: 'whatsapp-web', name: 'Celular 2' })).id;

    await waitFor(async () => (await inbox(ids.cloud1 as string)).status.connected);
    await waitFor(async () => (await inbox(ids.cloud2 as string)).status.connected);
    expect((await inbox(ids.cloud1 as string)).status.phone).toBe(FAKE_DISPLAY_NUMBER);
    expect((await inbox(ids.sim2 as string)).status.state).toBe('qr');
    // Each linked device has its own socket (the fake opens when told).
    await waitFor(() => sockets.sockets.length >= 2, 20_000);
    for (const [i, socket] of sockets.sockets.entries()) {
      socket.user = { id: `55119000000${i + 1}:3@s.whatsapp.net` };
      socket.emit('connection.update', f.opened);
    }
    await waitFor(async () => (await inbox(ids.web1 as string)).status.connected);
    await waitFor(async () => (await inbox(ids.web2 as string)).status.connected);
    // Each number's connection is announced once (outbound webhooks subscribe to it).
    const connected = events.filter((e) => e.type === 'inbox.connected').map((e) => e.data);
    expect(connected.map((d) => d.inboxId).sort()).toEqual(
      [ids.cloud1, ids.cloud2, ids.web1, ids.web2].sort(),
    );
    expect(connected.find((d) => d.inboxId === ids.cloud2)).toMatchObject({
      channel: 'cloud-api',
      name: 'Suporte',
    });
  });

  it('a Cloud API number already in an inbox is refused (409), on create and on change', async () => {
    const before = (await api('GET', '/api/inboxes')).json().data as Inbox[];
    const twin = await api('POST', '/api/inboxes', {
      kind: 'cloud-api',
      name: 'Vendas de novo',
      settings: { phoneNumberId: FAKE_PHONE_NUMBER_ID, accessToken: 'outro-token' },
    });
    expect(twin.statusCode).toBe(409);
    expect(twin.json()).toMatchObject({
      success: false,
      message: `Este número (ID ${FAKE_PHONE_NUMBER_ID}) já está na caixa de entrada "Vendas". Um número só pode estar em uma caixa de entrada.`,
    });
    const moved = await api('PATCH', `/api/inboxes/${ids.cloud2}`, {
      settings: { phoneNumberId: ` ${FAKE_PHONE_NUMBER_ID} ` },
    });
    expect(moved.statusCode).toBe(409);
    const after = (await api('GET', '/api/inboxes')).json().data as Inbox[];
    expect(after.map((i) => i.id)).toEqual(before.map((i) => i.id));
    expect((await inbox(ids.cloud2 as string)).settings.phoneNumberId).toBe(SECOND_NUMBER_ID);
    // Its own number, re-saved, is no conflict.
    const same = await api('PATCH', `/api/inboxes/${ids.cloud2}`, {
      settings: { phoneNumberId: SECOND_NUMBER_ID },
    });
    expect(same.statusCode).toBe(200);
  });

  it('bad input gets a clear error and changes nothing', async () => {
    const before = ((await api('GET', '/api/inboxes')).json().data as Inbox[]).length;
    const missingToken = await api('POST', '/api/inboxes', {
      kind: 'cloud-api',
      name: 'Sem token',
      settings: { phoneNumberId: '123456789' },
    });
    expect(missingToken.statusCode).toBe(400);
    expect(missingToken.json()).toMatchObject({
      success: false,
      message: expect.stringContaining('accessToken'),
    });
    expect((await api('POST', '/api/inboxes', { kind: 'telegram', name: 'X' })).statusCode).toBe(400);
    expect((await api('POST', '/api/inboxes', { kind: 'simulator', name: '' })).statusCode).toBe(400);
    expect(
      (await api('POST', '/api/inboxes', { kind: 'simulator', name: 'Op' }, operator.token)).statusCode,
    ).toBe(403);
    expect((await api('PATCH', '/api/inboxes/nao-existe', { name: 'X' })).statusCode).toBe(404);
    expect(((await api('GET', '/api/inboxes')).json().data as Inbox[]).length).toBe(before);
  });

  it('one customer writing to every number is one client with one conversation per inbox', async () => {
    const simulated = async (inboxId: string, text: string) => {
      const response = await api('POST', '/api/simulator/inbound', { phone: CUSTOMER, text, inboxId });
      expect(response.statusCode, response.body).toBe(200);
    };
    // The simulators must be paired first: each pairs with the code its own QR shows.
    for (const id of ['default', ids.sim2 as string]) {
      const code = (await inbox(id)).status.pairingCode as string;
      expect((await api('POST', '/api/simulator/pair', { code })).statusCode).toBe(200);
    }
    await simulated('default', 'Oi loja 1');
    await simulated(ids.sim2 as string, 'Oi loja 2');
    const delivery = webhook([
      cloudChange(FAKE_PHONE_NUMBER_ID, 'wamid.IN-VENDAS', 'Oi vendas'),
      cloudChange(SECOND_NUMBER_ID, 'wamid.IN-SUPORTE', 'Oi suporte'),
      cloudChange('999999999999', 'wamid.IN-DESCONHECIDO', 'Para ninguém'),
    ]);
    expect((await signed(delivery)).statusCode).toBe(200);
    const [one, two] = sockets.sockets;
    one?.emit('messages.upsert', f.upsert([f.text(f.pnKey(CUSTOMER, 'WEB1-IN'), 'Oi celular 1')]));
    two?.emit('messages.upsert', f.upsert([f.text(f.pnKey(CUSTOMER, 'WEB2-IN'), 'Oi celular 2')]));

    const expected: Record<string, string> = {
      default: 'Oi loja 1',
      sim2: 'Oi loja 2',
      cloud1: 'Oi vendas',
      cloud2: 'Oi suporte',
      web1: 'Oi celular 1',
      web2: 'Oi celular 2',
    };
    const clientIds = new Set<string>();
    for (const [key, text] of Object.entries(expected)) {
      const id = key === 'default' ? 'default' : (ids[key] as string);
      const list = await waitFor(async () => {
        const found = await conversationsOf(id);
        return found.length > 0 && found;
      });
      expect(list, key).toHaveLength(1);
      expect(list[0]?.inboxId).toBe(id);
      const detail = (await api('GET', `/api/conversations/${list[0]?.id}`)).json().data;
      expect(detail.messages.map((m: { content: string }) => m.content)).toContain(text);
      clientIds.add(list[0]?.clientId as string);
    }
    expect(clientIds.size).toBe(1);
    // The change for a number no inbox has was skipped, not stored anywhere.
    const stray = await ctx.app.db
      .selectFrom('messages')
      .select('id')
      .where('provider_message_id', '=', 'wamid.IN-DESCONHECIDO')
      .execute();
    expect(stray).toEqual([]);
  });

  it('a reply leaves through the number its conversation came in on', async () => {
    const reply = async (inboxId: string, text: string) => {
      const [conversation] = await conversationsOf(inboxId);
      const sent = await api('POST', `/api/conversations/${conversation?.id}/messages`, { message: text });
      expect(sent.statusCode, sent.body).toBe(200);
    };
    await reply(ids.cloud2 as string, 'Resposta do suporte');
    await reply(ids.web2 as string, 'Resposta do celular 2');
    await reply(ids.sim2 as string, 'Resposta da loja 2');
    const send = await waitFor(() =>
      graph
        .sends()
        .find((s) => (s.body as { text?: { body?: string } }).text?.body === 'Resposta do suporte'),
    );
    expect(send?.path).toBe(`/v23.0/${SECOND_NUMBER_ID}/messages`);
    expect(send?.authorization).toBe(`Bearer ${SECOND_TOKEN}`);
    const [one, two] = sockets.sockets;
    await waitFor(() => two?.sent.some((s) => s.content.text === 'Resposta do celular 2'));
    expect(one?.sent.some((s) => s.content.text === 'Resposta do celular 2')).toBe(false);
    const outbox = async (inboxId: string) =>
      ((await api('GET', `/api/simulator/outbox?inboxId=${inboxId}`)).json().data as { text: string }[]).map(
        (d) => d.text,
      );
    await waitFor(async () => (await outbox(ids.sim2 as string)).includes('Resposta da loja 2'));
    expect(await outbox('default')).not.toContain('Resposta da loja 2');
  });

  it('an operator limited to one inbox sees nothing of another: list, chat, messages, search, client', async () => {
    // "Suporte" only for its members; the operator is not one.
    const limited = await api('PATCH', `/api/inboxes/${ids.cloud2}`, {
      operatorAccess: 'members',
      memberIds: [],
    });
    expect(limited.statusCode).toBe(200);
    const [hidden] = await conversationsOf(ids.cloud2 as string);
    const [open] = await conversationsOf(ids.cloud1 as string);
    const as = (url: string) => api('GET', url, undefined, operator.token);

    const inboxes = (await as('/api/inboxes')).json().data as Inbox[];
    expect(inboxes.map((i) => i.id)).not.toContain(ids.cloud2);
    expect(inboxes.every((i) => Object.keys(i.settings).length === 0)).toBe(true);
    const all = (await as('/api/conversations?limit=200')).json().data as Conversation[];
    expect(all.map((c) => c.inboxId)).not.toContain(ids.cloud2);
    expect(all.map((c) => c.id)).toContain(open?.id);
    expect((await as(`/api/conversations?inboxId=${ids.cloud2}`)).json().data).toEqual([]);
    expect((await as(`/api/conversations/${hidden?.id}`)).statusCode).toBe(404);
    expect((await as(`/api/conversations/${hidden?.id}/messages`)).statusCode).toBe(404);
    const search = (await as('/api/conversations?search=suporte')).json().data as Conversation[];
    expect(search.map((c) => c.id)).not.toContain(hidden?.id);
    const client = (await as(`/api/clients/${hidden?.clientId}`)).json();
    expect(JSON.stringify(client)).not.toContain(hidden?.id as string);
    const send = await api(
      'POST',
      `/api/conversations/${hidden?.id}/messages`,
      { message: 'x' },
      operator.token,
    );
    expect(send.statusCode).toBe(404);
    // Nor reconnect it: 404, and nothing of it (name, number, QR or pairing code) in the answer.
    const reconnect = await api('POST', `/api/inboxes/${ids.cloud2}/reconnect`, undefined, operator.token);
    expect(reconnect.statusCode).toBe(404);
    expect(reconnect.json()).toEqual({
      success: false,
      message: 'Caixa de entrada não encontrada',
      code: 'NOT_FOUND',
    });
    // The first inbox (the single "WhatsApp" of the older routes) follows the same rule.
    await api('PATCH', '/api/inboxes/default', { operatorAccess: 'members', memberIds: [] });
    try {
      expect((await api('POST', '/api/reconnect-whatsapp', undefined, operator.token)).statusCode).toBe(404);
      // Paired, the simulator shows its number: the admin sees it, the operator only the state.
      const full = (await api('GET', '/api/whatsapp/status')).json().data;
      expect(full.phone).toEqual(expect.any(String));
      const status = (await as('/api/whatsapp/status')).json().data;
      expect(status).toEqual({ ...full, qr: null, pairingCode: null, phone: null });
    } finally {
      await api('PATCH', '/api/inboxes/default', { operatorAccess: 'all' });
    }
    // Live: the operator's dashboard socket hears the open inbox's messages, never the hidden one's.
    const base = await listen(ctx.app);
    const operatorSocket = await connectSocket(base, { token: operator.token });
    const adminSocket = await connectSocket(base, { token: admin });
    try {
      for (const socket of [operatorSocket, adminSocket]) {
        await new Promise((resolve) => socket.emit('join:dashboard', resolve));
      }
      const heardByOperator = recordEvents<{ conversationId: string }>(
        operatorSocket,
        'conversations:newMessage',
      );
      const heardByAdmin = recordEvents<{ conversationId: string }>(adminSocket, 'conversations:newMessage');
      expect(
        (await signed(webhook([cloudChange(SECOND_NUMBER_ID, 'wamid.OCULTA-2', 'segredo')]))).statusCode,
      ).toBe(200);
      expect(
        (await signed(webhook([cloudChange(FAKE_PHONE_NUMBER_ID, 'wamid.ABERTA-2', 'aberta')]))).statusCode,
      ).toBe(200);
      await waitFor(() => heardByAdmin.received.length >= 2);
      await waitFor(() => heardByOperator.received.some((e) => e.conversationId === open?.id));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heardByAdmin.received.map((e) => e.conversationId)).toContain(hidden?.id);
      expect(heardByOperator.received.map((e) => e.conversationId)).not.toContain(hidden?.id);
      // Joining the hidden conversation's room is refused.
      const joined = await new Promise<{ success: boolean }>((resolve) =>
        operatorSocket.emit('join:conversation', hidden?.id, resolve),
      );
      expect(joined.success).toBe(false);
    } finally {
      operatorSocket.disconnect();
      adminSocket.disconnect();
    }
    // The admin still sees it; a member of the inbox does too.
    expect((await api('GET', `/api/conversations/${hidden?.id}`)).statusCode).toBe(200);
    await api('PATCH', `/api/inboxes/${ids.cloud2}`, { memberIds: [operator.id] });
    expect((await as(`/api/conversations/${hidden?.id}`)).statusCode).toBe(200);
    await api('PATCH', `/api/inboxes/${ids.cloud2}`, { operatorAccess: 'all', memberIds: [] });
  });

  it('the agent off on an inbox: its new conversations wait for a person, no AI reply', async () => {
    expect((await api('PATCH', `/api/inboxes/${ids.sim2}`, { agentEnabled: false })).statusCode).toBe(200);
    const response = await api('POST', '/api/simulator/inbound', {
      phone: '5511900001111',
      text: 'Qual o horário?',
      inboxId: ids.sim2,
    });
    const { conversationId } = response.json().data;
    const detail = (await api('GET', `/api/conversations/${conversationId}`)).json().data as Conversation;
    expect(detail.handler.mode).toBe('waiting_human');
    const jobs = await ctx.app.db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', 'agent_reply')
      .where('payload', 'like', `%${conversationId}%`)
      .execute();
    expect(jobs).toEqual([]);
  });

  it('removing an inbox stops its channel and keeps its history readable', async () => {
    const conversation = (await conversationsOf(ids.sim2 as string)).find((c) => c.clientPhone === CUSTOMER);
    const removed = await api('DELETE', `/api/inboxes/${ids.sim2}`);
    expect(removed.statusCode).toBe(200);
    expect(((await api('GET', '/api/inboxes')).json().data as Inbox[]).map((i) => i.id)).not.toContain(
      ids.sim2,
    );
    const withRemoved = (await api('GET', '/api/inboxes?removed=true')).json().data as Inbox[];
    expect(withRemoved.find((i) => i.id === ids.sim2)?.removedAt).not.toBeNull();
    const detail = await api('GET', `/api/conversations/${conversation?.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.messages.map((m: { content: string }) => m.content)).toContain('Oi loja 2');
    // A reply there is refused, in pt-BR, and nothing is stored to stay pending for good.
    const reply = await api('POST', `/api/conversations/${conversation?.id}/messages`, {
      message: 'Ainda está aí?',
    });
    expect(reply.statusCode).toBe(409);
    expect(reply.json()).toMatchObject({
      success: false,
      message:
        'O número desta conversa foi removido (caixa de entrada "Loja 2"): a mensagem não pode ser enviada por ele.',
    });
    const stored = await ctx.app.db
      .selectFrom('messages')
      .select('id')
      .where('content', '=', 'Ainda está aí?')
      .execute();
    expect(stored).toEqual([]);
    const late = await api('POST', '/api/simulator/inbound', {
      phone: CUSTOMER,
      text: 'ainda aí?',
      inboxId: ids.sim2,
    });
    expect(late.statusCode).toBe(404);
  });
});

describe('inboxes: the first inbox from CHANNEL', () => {
  it('a kind the registry does not know stops the start, naming CHANNEL and the known kinds', async () => {
    await expect(createTestApp('sqlite', { CHANNEL: 'telegram' })).rejects.toThrow(
      /CHANNEL=telegram: tipo de canal desconhecido \(simulator, whatsapp-web, cloud-api\)/,
    );
  });
});

describe('inboxes: the Cloud API webhook without a Cloud API inbox', () => {
  const ctx = useTestApp('sqlite', { CHANNEL: 'simulator' });
  it('answers 404 and stores nothing', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/webhooks/whatsapp', payload: '{}' });
    expect(response.statusCode).toBe(404);
  });
});
