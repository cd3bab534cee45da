import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { DEMO_ADMIN, DEMO_OPERATOR, type Inbox } from '@atende/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { launchBrowser, newPage, type PageOptions, VIEWPORTS } from './support/browser';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * The Integrações cards as an admin uses them: a webhook to a receiver on this machine gets a
 * customer's message signed with the secret the screen showed once, and its delivery (and a
 * "Reenviar") shows in the log; a read-only API token is created, works, is refused a send, and is
 * revoked; the order lookup is configured against a fake store and tested from its card, then
 * answers a customer. Its own server: INTEGRATIONS_ALLOW_PRIVATE lets the receiver and the store,
 * both on 127.0.0.1, past the private-address guard.
 */

let server: TestServer | undefined;
let browser: Browser | undefined;
let adminToken = '';
const stamp = `${Date.now() % 1_000_000}`.padStart(6, '0');

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

interface LocalServer {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

/** A local HTTP server that records what it is sent and answers with `answer`. */
function startLocalServer(
  answer: (request: Received) => { status: number; body?: unknown },
): Promise<LocalServer> {
  const received: Received[] = [];
  const http: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = {
        path: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(request);
      const { status, body } = answer(request);
      res.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
      res.end(body === undefined ? undefined : JSON.stringify(body));
    });
  });
  return new Promise((resolve) => {
    http.listen(0, '127.0.0.1', () => {
      const address = http.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({
        url: `http://127.0.0.1:${port}`,
        received,
        close: () => new Promise((done) => http.close(() => done())),
      });
    });
  });
}

const STORE_KEY = 'Bearer loja-secreta-e2e';
/** The webhook receiver: answers every post 204. */
let hook: LocalServer;
/** The fake store: order 1234 with the right key, 404 for any other, 401 without the key. */
let shop: LocalServer;

/** Standard Webhooks, as docs/integrations.md tells a receiver to check it. */
function verifySignature(secret: string, headers: IncomingHttpHeaders, body: string): boolean {
  const id = String(headers['webhook-id']);
  const timestamp = String(headers['webhook-timestamp']);
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  return String(headers['webhook-signature'])
    .split(' ')
    .some((entry) => {
      const given = Buffer.from(entry.replace(/^v1,/, ''), 'base64');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
}

async function call<T>(path: string, init: { method?: string; body?: unknown; token?: string } = {}) {
  if (!server) throw new Error('o servidor não subiu');
  const response = await fetch(`${server.baseUrl}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      Accept: 'application/json',
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const json = (await response.json()) as { success: boolean; data?: T; message?: string };
  return { status: response.status, json };
}

async function data<T>(path: string, init: { method?: string; body?: unknown; token?: string } = {}) {
  const { status, json } = await call<T>(path, init);
  if (status >= 300 || !json.success) throw new Error(`${path}: ${status} ${JSON.stringify(json)}`);
  return json.data as T;
}

const login = async (credentials: { email: string; password: string }) =>
  (
    await data<{ token: string }>('/auth/login', {
      method: 'POST',
      body: { ...credentials, remember: false },
    })
  ).token;

async function open(token: string, path: string, options: PageOptions = {}): Promise<Page> {
  if (!browser || !server) throw new Error('o navegador não abriu');
  const { page } = await newPage(browser, { ...options, baseURL: server.baseUrl });
  await page.goto('/login');
  await page.evaluate((value) => localStorage.setItem('auth_token', value), token);
  await page.goto(path);
  return page;
}

/** `find`'s first match, polled until it appears (the hooks are called from the server's queue). */
function waitForRequest(find: () => Received | undefined): Promise<Received> {
  return vi.waitFor(
    () => {
      const found = find();
      if (!found) throw new Error('a requisição esperada não chegou');
      return found;
    },
    { timeout: 15_000, interval: 100 },
  );
}

beforeAll(async () => {
  hook = await startLocalServer(() => ({ status: 204 }));
  shop = await startLocalServer((request) => {
    if (request.headers.authorization !== STORE_KEY) return { status: 401, body: { erro: 'sem chave' } };
    const order = /^\/api\/pedidos\/(\d+)/.exec(request.path)?.[1];
    if (order !== '1234') return { status: 404, body: { erro: 'pedido não encontrado' } };
    return { status: 200, body: { numero: '1234', status: 'enviado', entrega: { codigo: 'BR123456789' } } };
  });
  server = await startTestServer({ env: { INTEGRATIONS_ALLOW_PRIVATE: 'true' } });
  browser = await launchBrowser();
  adminToken = await login(DEMO_ADMIN);
  const first = (await data<Inbox[]>('/inboxes', { token: adminToken }))[0];
  if (first?.status.pairingCode) {
    await data('/simulator/pair', {
      method: 'POST',
      token: adminToken,
      body: { code: first.status.pairingCode },
    });
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await hook?.close();
  await shop?.close();
});

describe('Integrações', () => {
  it('a webhook gets a customer message signed with the secret shown once; the log shows it and resends it', async () => {
    const page = await open(adminToken, '/integrations');
    const card = page.getByRole('region', { name: 'Webhooks' });
    await card.getByText('Nenhum webhook').waitFor();
    await card.getByRole('button', { name: 'Adicionar webhook' }).click();
    const form = page.getByRole('dialog', { name: 'Adicionar webhook' });
    await form.getByLabel('URL').fill(`${hook.url}/atende`);
    await form.getByLabel('Descrição (opcional)').fill('Receptor E2E');
    // Messages come ticked; the hand-offs too.
    expect(await form.getByRole('checkbox', { name: /Mensagem recebida/ }).isChecked()).toBe(true);
    await form.getByRole('checkbox', { name: /Conversa transferida/ }).check();
    await form.getByRole('button', { name: 'Adicionar' }).click();

    const shown = page.getByRole('dialog', { name: 'Webhook criado' });
    const secret = await shown.getByLabel('Segredo de assinatura').inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{20,}$/);
    await shown.getByRole('button', { name: 'Concluir' }).click();
    await shown.waitFor({ state: 'detached' });
    const row = card.getByTestId('webhook-row').filter({ hasText: 'Receptor E2E' });
    await row.getByText('Ativo', { exact: true }).waitFor();
    // Shown once: gone from the page for good.
    expect(await page.content()).not.toContain(secret);

    const customer = `Cliente Webhook ${stamp}`;
    const inbound = await data<{ messageId: string }>('/simulator/inbound', {
      method: 'POST',
      token: adminToken,
      body: { phone: `55119${stamp}11`, name: customer, text: 'Oi, vocês entregam no sábado?' },
    });
    const post = await waitForRequest(() =>
      hook.received.find((request) => request.body.includes(inbound.messageId)),
    );
    expect(post.path).toBe('/atende');
    expect(verifySignature(secret, post.headers, post.body)).toBe(true);
    expect(verifySignature(`whsec_${Buffer.from('outro').toString('base64')}`, post.headers, post.body)).toBe(
      false,
    );
    const event = JSON.parse(post.body) as { type: string; data: { client: { name: string } } };
    expect(event.type).toBe('message.received');
    expect(event.data.client.name).toBe(customer);

    await row.getByRole('button', { name: 'Entregas' }).click();
    const log = page.getByRole('dialog', { name: 'Entregas do webhook' });
    const delivery = log.getByTestId('webhook-delivery').filter({ hasText: 'Mensagem recebida' }).first();
    await delivery.getByText('Entregue', { exact: true }).waitFor();
    expect(await delivery.textContent()).toContain('HTTP 204');
    expect(await delivery.textContent()).toContain('1 tentativa');

    // "Reenviar": the same delivery (same webhook-id) posted again, the log counting the attempt.
    const before = hook.received.length;
    await delivery.getByRole('button', { name: /^Reenviar/ }).click();
    const again = await waitForRequest(() =>
      hook.received.slice(before).find((request) => request.body.includes(inbound.messageId)),
    );
    expect(again.headers['webhook-id']).toBe(post.headers['webhook-id']);
    expect(verifySignature(secret, again.headers, again.body)).toBe(true);
    await delivery.getByText('2 tentativas').waitFor();
    await log.getByRole('button', { name: 'Fechar' }).first().click();
    await row.getByText(/Última entrega: entregue (agora|há \d+ min)/).waitFor();
  });

  it('a read-only API token: shown once, lists conversations, is refused a send, shows its last use, revoked', async () => {
    const page = await open(adminToken, '/integrations');
    const card = page.getByRole('region', { name: 'Tokens de API' });
    expect(await card.getByRole('link', { name: /Documentação da API/ }).getAttribute('href')).toBe(
      '/api/docs',
    );
    await card.getByRole('button', { name: 'Criar token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Criar token de API' });
    const name = `Leitura E2E ${stamp}`;
    await dialog.getByLabel('Nome').fill(name);
    await dialog.getByRole('checkbox', { name: /Ler conversas/ }).check();
    await dialog.getByRole('button', { name: 'Criar token' }).click();
    const shown = page.getByRole('dialog', { name: 'Token criado' });
    const token = await shown.getByLabel('Token').inputValue();
    expect(token).toMatch(/^atd_/);
    await shown.getByRole('button', { name: 'Concluir' }).click();
    await shown.waitFor({ state: 'detached' });
    const row = card.getByTestId('api-token-row').filter({ hasText: name });
    await row.getByText('Nunca usado').waitFor();
    expect(await row.getByRole('list', { name: 'Permissões' }).textContent()).toBe('Ler conversas');

    const listed = await call<Array<{ id: string }>>('/conversations?limit=5', { token });
    expect(listed.status).toBe(200);
    const conversationId = listed.json.data?.[0]?.id;
    expect(conversationId).toBeTruthy();
    const send = await call(`/conversations/${conversationId}/messages`, {
      method: 'POST',
      token,
      body: { message: 'Não devia sair' },
    });
    expect(send.status).toBe(403);

    await page.reload();
    await card
      .getByTestId('api-token-row')
      .filter({ hasText: name })
      .getByText('Último uso: agora')
      .waitFor();

    await row.getByRole('button', { name: `Revogar ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Revogar token' });
    await confirm.getByRole('button', { name: 'Revogar' }).click();
    await row.getByText('Revogado', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: `Revogar ${name}` }).count()).toBe(0);
    expect((await call('/conversations?limit=5', { token })).status).toBe(401);
  });

  it('the order lookup is configured against a fake store, tested from its card, then answers a customer', async () => {
    const page = await open(adminToken, '/integrations');
    const card = page.getByRole('region', { name: 'Consulta de pedidos' });
    await card.getByText('Nenhuma consulta configurada').waitFor();
    await card.getByRole('button', { name: 'Configurar' }).click();
    const form = page.getByRole('dialog', { name: 'Configurar consulta de pedidos' });
    const url = form.getByLabel('URL da consulta');
    await url.fill(`${shop.url}/api/pedidos/`);
    await form.getByRole('button', { name: '{pedido}' }).click();
    await url.press('End');
    await url.pressSequentially('?tel=');
    await form.getByRole('button', { name: '{telefone}' }).click();
    expect(await url.inputValue()).toBe(`${shop.url}/api/pedidos/{pedido}?tel={telefone}`);
    await form.getByRole('button', { name: 'Adicionar cabeçalho' }).click();
    await form.getByLabel('Nome do cabeçalho 1').fill('Authorization');
    await form.getByLabel('Valor do cabeçalho 1').fill(STORE_KEY);
    await form
      .getByLabel('Modelo de resposta')
      .fill('O pedido {{numero}} está {{status}}. Rastreio: {{entrega.codigo}}.');
    await form.getByRole('switch', { name: 'Consulta ligada' }).click();
    await form.getByRole('button', { name: 'Salvar' }).click();
    await form.waitFor({ state: 'detached' });

    await card.getByText('Ligada', { exact: true }).waitFor();
    expect(await card.textContent()).toContain('Authorization: ••••-e2e');
    expect(await page.content()).not.toContain('loja-secreta');

    await card.getByRole('button', { name: 'Testar consulta' }).click();
    const test = page.getByRole('dialog', { name: 'Testar consulta' });
    await test.getByLabel('Telefone do cliente').fill('+55 11 99999-0000');
    await test.getByLabel('Número do pedido').fill('1234');
    await test.getByRole('button', { name: 'Testar' }).click();
    const result = test.getByTestId('order-lookup-result');
    await result.getByText('Pedido encontrado', { exact: true }).waitFor();
    expect(await result.getByTestId('order-lookup-reply').textContent()).toBe(
      'O pedido 1234 está enviado. Rastreio: BR123456789.',
    );
    expect(await result.textContent()).toContain('entrega.codigo');
    const asked = shop.received.at(-1);
    expect(asked?.path).toBe('/api/pedidos/1234?tel=5511999990000');
    expect(asked?.headers.authorization).toBe(STORE_KEY);

    await test.getByLabel('Número do pedido').fill('9999');
    await test.getByRole('button', { name: 'Testar' }).click();
    await result.getByText('Não encontrado', { exact: true }).waitFor();
    expect(await result.textContent()).toContain('consulta ao pedido: pedido não encontrado na loja');
    await test.getByRole('button', { name: 'Fechar' }).first().click();

    // And for real: a customer asks, the agent answers from the store.
    const phone = `55119${stamp}22`;
    await data('/simulator/inbound', {
      method: 'POST',
      token: adminToken,
      body: { phone, name: `Cliente Pedido ${stamp}`, text: 'Oi! O pedido 1234 já foi enviado?' },
    });
    await vi.waitFor(
      async () => {
        const replies = await data<Array<{ text: string }>>(`/simulator/outbox?phone=${phone}`, {
          token: adminToken,
        });
        expect(replies.map((reply) => reply.text)).toContain(
          'O pedido 1234 está enviado. Rastreio: BR123456789.',
        );
      },
      { timeout: 15_000, interval: 200 },
    );
  });

  it('operators do not see the webhooks, tokens or order lookup; a 390 px dark phone has no overflow', async () => {
    const operatorToken = await login(DEMO_OPERATOR);
    const operator = await open(operatorToken, '/integrations');
    await operator
      .getByRole('region', { name: 'Caixas de entrada' })
      .getByTestId('inbox-row')
      .first()
      .waitFor();
    for (const name of ['Webhooks', 'Tokens de API', 'Consulta de pedidos']) {
      expect(await operator.getByRole('region', { name }).count()).toBe(0);
    }

    const page = await open(adminToken, '/integrations', { viewport: VIEWPORTS.phone, colorScheme: 'dark' });
    await page.getByTestId('webhook-row').first().waitFor();
    await page.getByTestId('api-token-row').first().waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await page.getByRole('button', { name: 'Entregas' }).first().click();
    const log = page.getByRole('dialog', { name: 'Entregas do webhook' });
    await log.getByTestId('webhook-delivery').first().waitFor();
    const box = await log.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= VIEWPORTS.phone.width).toBe(true);
  });
});
