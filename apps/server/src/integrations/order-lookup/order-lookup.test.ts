import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { INVALID_PHONE, type OrderLookupView } from '@atende/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAndLogin, describeEachDatabase, useTestApp } from '../../../test/helpers.js';
import { api, pairSimulator } from '../../../test/simulator-kit.js';
import { createSafeFetch } from '../../lib/safe-fetch.js';
import { MISSING_PHONE, runLookup } from './run-lookup.js';

const STORE_SECRET = 'Bearer segredo-da-loja-123';

/** A local fake store API: /pedidos/:numero answers the order, 404, or nothing for 4 s. */
async function startFakeStore() {
  const seen: Array<{ url: string; authorization: string | undefined }> = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://loja');
    seen.push({ url: url.pathname + url.search, authorization: request.headers.authorization });
    const number = url.pathname.split('/').pop();
    if (request.headers.authorization !== STORE_SECRET) return void response.writeHead(401).end();
    if (number === '7777') return void setTimeout(() => response.writeHead(200).end('{}'), 4000);
    if (number !== '1234') return void response.writeHead(404).end('{"erro":"não encontrado"}');
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        numero: '1234',
        status: 'enviado',
        cliente: { telefone: url.searchParams.get('telefone') },
        entrega: { codigo: 'BR123456789', previsao: '2026-06-01' },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describeEachDatabase('order lookup', (kind) => {
  const ctx = useTestApp(kind, { INTEGRATIONS_ALLOW_PRIVATE: 'true' });
  let admin = '';
  let store: Awaited<ReturnType<typeof startFakeStore>>;
  beforeAll(async () => {
    admin = (await createAndLogin(ctx.app, 'admin')).token;
    store = await startFakeStore();
    await pairSimulator(ctx.app, admin);
  });
  afterAll(async () => {
    await store.close();
  });

  const put = (body: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/integrations/order-lookup',
      headers: { authorization: `Bearer ${admin}` },
      payload: body,
    });

  /** A customer asks; answers the agent's message and the conversation's handler once it acted. */
  async function ask(phone: string, text: string) {
    const sent = await api(ctx.app, admin).post('/api/simulator/inbound', { phone, name: 'Bia', text });
    const conversationId = sent.body.data.conversationId as string;
    const deadline = Date.now() + 8000;
    for (;;) {
      const reply = await ctx.app.db
        .selectFrom('messages')
        .select(['content', 'evidence'])
        .where('conversation_id', '=', conversationId)
        .where('sender', '=', 'agent')
        .executeTakeFirst();
      if (reply) {
        const conversation = await ctx.app.db
          .selectFrom('conversations')
          .select(['handler_mode', 'handler_reason'])
          .where('id', '=', conversationId)
          .executeTakeFirstOrThrow();
        return { reply, conversation };
      }
      if (Date.now() > deadline) throw new Error('the agent did not act');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('saves the configuration with write-only header values, validated in pt-BR', async () => {
    const invalid = await put({ enabled: true, urlTemplate: '', replyTemplate: 'x', headers: [] });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toContain('Informe a URL da consulta');
    const saved = await put({
      enabled: true,
      urlTemplate: `${store.base}/pedidos/{pedido}?telefone={telefone}`,
      replyTemplate: 'O pedido {{numero}} está {{status}}. Código de rastreio: {{entrega.codigo}}.',
      headers: [{ name: 'Authorization', value: STORE_SECRET }],
    });
    expect(saved.statusCode).toBe(200);
    const view = saved.json().data as OrderLookupView;
    expect(JSON.stringify(view)).not.toContain('segredo');
    expect(view.headers[0]).toEqual({ name: 'Authorization', value: { isSet: true, masked: '••••-123' } });
    // Posted back as read, the secret stays.
    const again = await put({ ...view, updatedAt: undefined });
    expect(again.statusCode).toBe(200);
    const row = await ctx.app.db.selectFrom('order_lookups').select('headers').executeTakeFirstOrThrow();
    expect(JSON.parse(row.headers)).toEqual([{ name: 'Authorization', value: STORE_SECRET }]);
  });

  it('answers "o pedido 1234 já foi enviado?" from the store, the fields as the evidence', async () => {
    const { reply, conversation } = await ask('5511944443333', 'Oi! O pedido 1234 já foi enviado?');
    expect(reply.content).toBe('O pedido 1234 está enviado. Código de rastreio: BR123456789.');
    expect(JSON.parse(reply.evidence)).toEqual([
      { passageId: 'pedido:numero', title: 'Consulta de pedido · numero', excerpt: '1234', score: 1 },
      { passageId: 'pedido:status', title: 'Consulta de pedido · status', excerpt: 'enviado', score: 1 },
      {
        passageId: 'pedido:entrega.codigo',
        title: 'Consulta de pedido · entrega.codigo',
        excerpt: 'BR123456789',
        score: 1,
      },
    ]);
    expect(conversation.handler_mode).toBe('ai');
    expect(store.seen.at(-1)).toEqual({
      url: '/pedidos/1234?telefone=5511944443333',
      authorization: STORE_SECRET,
    });
  });

  it('an order the store does not know hands off with the reason', async () => {
    const { conversation } = await ask('5511944442222', 'o pedido 9999 já foi enviado?');
    expect(conversation).toEqual({
      handler_mode: 'waiting_human',
      handler_reason: 'consulta ao pedido: pedido não encontrado na loja',
    });
  });

  it('a store slower than 3 s hands off with the reason', async () => {
    const started = Date.now();
    const { conversation } = await ask('5511944441111', 'Meu pedido 7777 já foi enviado?');
    expect(conversation).toEqual({
      handler_mode: 'waiting_human',
      handler_reason: 'consulta ao pedido: a loja não respondeu em 3 s',
    });
    expect(Date.now() - started).toBeLessThan(6000);
  });

  it('"Testar consulta" shows what the agent would answer', async () => {
    const tested = await api(ctx.app, admin).post('/api/integrations/order-lookup/test', {
      phone: '5511900000000',
      order: '1234',
    });
    expect(tested.body.data).toMatchObject({
      outcome: 'found',
      reply: expect.stringContaining('BR123456789'),
    });
    // The number as a person types it fills {telefone} as the stored digits.
    const typed = await api(ctx.app, admin).post('/api/integrations/order-lookup/test', {
      phone: '+55 11 90000-0000',
      order: '1234',
    });
    expect(typed.body.data).toMatchObject({ outcome: 'found' });
    expect(store.seen.at(-1)?.url).toContain('5511900000000');
    const missing = await api(ctx.app, admin).post('/api/integrations/order-lookup/test', {
      phone: '5511900000000',
    });
    expect(missing.body.data).toMatchObject({ outcome: 'missing_order' });
    const badPhone = await api(ctx.app, admin).post('/api/integrations/order-lookup/test', {
      phone: '1',
      order: '1234',
    });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.success).toBe(false);
    expect(badPhone.body.message).toContain(INVALID_PHONE);
  });
  it('needs {telefone} in the URL: refused at save, and an older configuration without it is not run', async () => {
    const view = (await api(ctx.app, admin).get('/api/integrations/order-lookup')).body
      .data as OrderLookupView;
    const withoutPhone = await put({
      ...view,
      updatedAt: undefined,
      urlTemplate: `${store.base}/pedidos/{pedido}`,
    });
    expect(withoutPhone.statusCode).toBe(400);
    expect(withoutPhone.json()).toEqual({ success: false, message: MISSING_PHONE, code: 'VALIDATION_ERROR' });
    // Saved before the rule: the agent hands off instead of asking the store for anyone's order.
    await ctx.app.db
      .updateTable('order_lookups')
      .set({ url_template: `${store.base}/pedidos/{pedido}` })
      .execute();
    const asked = store.seen.length;
    const { conversation } = await ask('5511944440000', 'O pedido 1234 já foi enviado?');
    expect(conversation).toEqual({
      handler_mode: 'waiting_human',
      handler_reason: 'consulta ao pedido: a URL da consulta não inclui {telefone}',
    });
    expect(store.seen.length).toBe(asked);
  });
});

describe('order lookup: a private store address is refused at save', () => {
  const ctx = useTestApp('sqlite');
  it('in every notation of loopback, with a pt-BR 400, and nothing saved', async () => {
    const admin = (await createAndLogin(ctx.app, 'admin')).token;
    for (const host of [
      '127.0.0.1:8080',
      '2130706433',
      '0x7f.1',
      '[::ffff:127.0.0.1]',
      '10.0.0.7',
      'localhost',
    ]) {
      const saved = await ctx.app.inject({
        method: 'PUT',
        url: '/api/integrations/order-lookup',
        headers: bearer(admin),
        payload: {
          enabled: true,
          urlTemplate: `http://${host}/pedidos/{pedido}?telefone={telefone}`,
          replyTemplate: '{{status}}',
          headers: [],
        },
      });
      expect(saved.statusCode, host).toBe(400);
      expect(saved.json().message, host).toMatch(/^Endereço privado ou local/);
    }
    const view = await ctx.app.inject({ url: '/api/integrations/order-lookup', headers: bearer(admin) });
    expect(view.json().data.urlTemplate).toBe('');
  });
});

describe('order lookup: the private-address guard', () => {
  const config = {
    urlTemplate: 'http://127.0.0.1:8080/pedidos/{pedido}?telefone={telefone}',
    headers: [],
    replyTemplate: '{{status}}',
  };
  it('refuses loopback, and a public-looking name that resolves to it, before connecting', async () => {
    const direct = await runLookup(createSafeFetch(), config, { phone: '', order: '1' });
    expect(direct).toMatchObject({ outcome: 'refused', reason: expect.stringContaining('destino recusado') });
    const rebinding = await runLookup(
      createSafeFetch({ resolve: async () => ['169.254.169.254'] }),
      { ...config, urlTemplate: 'http://loja.example.com/pedidos/{pedido}?telefone={telefone}' },
      { phone: '', order: '1' },
    );
    expect(rebinding).toMatchObject({
      outcome: 'refused',
      reason: expect.stringContaining('169.254.169.254'),
    });
  });
});
