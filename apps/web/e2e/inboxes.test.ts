import { DEMO_ADMIN, DEMO_OPERATOR, formatPhone, type Inbox } from '@atende/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownServerData } from './support/api';
import { launchBrowser, newPage, type PageOptions, VIEWPORTS } from './support/browser';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * Several numbers at once, as an admin sets them up on Integrações: a second simulator inbox added
 * and paired from the screen, both on the dashboard's card, the conversation list filtered by inbox,
 * and an operator kept to one inbox. Its own server: it changes the inboxes every other file uses.
 */

let server: TestServer | undefined;
let browser: Browser | undefined;
let adminToken = '';
const stamp = `${Date.now() % 1_000_000}`.padStart(6, '0');
const SALES = `Vendas ${stamp}`;

const call = <T>(path: string, init: { method?: string; body?: unknown; token?: string } = {}) =>
  ownServerData<T>(server, path, init);

const login = async (credentials: { email: string; password: string }) =>
  (
    await call<{ token: string }>('/auth/login', {
      method: 'POST',
      body: { ...credentials, remember: false },
    })
  ).token;

const inboxes = () => call<Inbox[]>('/inboxes', { token: adminToken });
const inboxNamed = async (name: string) => {
  const found = (await inboxes()).find((inbox) => inbox.name === name);
  if (!found) throw new Error(`sem caixa ${name}`);
  return found;
};

async function open(token: string, path: string, options: PageOptions = {}): Promise<Page> {
  if (!browser || !server) throw new Error('o navegador não abriu');
  const { page } = await newPage(browser, { ...options, baseURL: server.baseUrl });
  await page.goto('/login');
  await page.evaluate((value) => localStorage.setItem('auth_token', value), token);
  await page.goto(path);
  return page;
}

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  adminToken = await login(DEMO_ADMIN);
  // The first inbox, paired as the other browser tests do.
  const first = (await inboxes())[0];
  if (first?.status.pairingCode) {
    await call('/simulator/pair', {
      method: 'POST',
      token: adminToken,
      body: { code: first.status.pairingCode },
    });
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('inboxes', () => {
  it('an admin adds a second simulator inbox on Integrações and pairs it from its QR', async () => {
    const page = await open(adminToken, '/integrations');
    const card = page.getByRole('region', { name: 'Caixas de entrada' });
    await card.getByTestId('inbox-row').first().waitFor();
    expect(await card.getByTestId('inbox-row').count()).toBe(1);

    await card.getByRole('button', { name: 'Adicionar caixa de entrada' }).click();
    const form = page.getByRole('dialog', { name: 'Adicionar caixa de entrada' });
    await form.getByTestId('inbox-kind-simulator').click();
    await form.getByLabel('Nome').fill(SALES);
    await form.getByRole('button', { name: 'Adicionar' }).click();

    // Adding a kind that pairs goes straight to its QR.
    const pairing = page.getByRole('dialog', { name: `Conectar ${SALES}` });
    const qr = pairing.getByTestId('inbox-qr');
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    await pairing.getByRole('button', { name: 'Parear simulador' }).click();
    await pairing.getByTestId('pair-connected').waitFor();
    await pairing.getByRole('button', { name: 'Concluir' }).click();

    const row = card.getByTestId('inbox-row').filter({ hasText: SALES });
    await row.getByText('Conectado', { exact: true }).waitFor();
    const sales = await inboxNamed(SALES);
    expect(sales.status.connected).toBe(true);
    expect(await row.textContent()).toContain(sales.phone ? formatPhone(sales.phone) : 'sem número');
  });

  it('the dashboard card shows both inboxes, each state live', async () => {
    const page = await open(adminToken, '/dashboard');
    const card = page.getByRole('region', { name: 'Conexão WhatsApp' });
    await card.getByTestId('whatsapp-connected').waitFor();
    await card.getByText('2 caixas de entrada').waitFor();
    const other = card.getByTestId('dashboard-inbox');
    await other.filter({ hasText: SALES }).getByText('Conectado', { exact: true }).waitFor();

    // The second number drops: its line changes with no reload (inbox:status), the primary stays.
    const sales = await inboxNamed(SALES);
    await call(`/simulator/unpair?inboxId=${sales.id}`, { method: 'POST', token: adminToken });
    await other.getByText('Aguardando leitura do QR').waitFor();
    expect(await card.getByTestId('whatsapp-connected').isVisible()).toBe(true);

    const code = (await inboxNamed(SALES)).status.pairingCode;
    await call('/simulator/pair', { method: 'POST', token: adminToken, body: { code } });
    await other.getByText('Conectado', { exact: true }).waitFor();
  });

  it('the conversation list filters by inbox and names the inbox on rows and in the chat', async () => {
    const sales = await inboxNamed(SALES);
    const first = `Cliente Principal ${stamp}`;
    const second = `Cliente Vendas ${stamp}`;
    await call('/simulator/inbound', {
      method: 'POST',
      token: adminToken,
      body: { phone: `55119${stamp}01`, name: first, text: 'Oi, qual o horário da loja?' },
    });
    await call('/simulator/inbound', {
      method: 'POST',
      token: adminToken,
      body: { phone: `55119${stamp}02`, name: second, text: 'Tem o tênis 38?', inboxId: sales.id },
    });

    const page = await open(adminToken, '/conversations');
    const rows = page.getByTestId('conversation-row');
    await rows.filter({ hasText: second }).waitFor();
    expect(await rows.filter({ hasText: second }).getByTestId('conversation-inbox').textContent()).toContain(
      SALES,
    );

    await page.getByLabel('Filtrar por caixa de entrada').selectOption({ label: SALES });
    await page.waitForURL((url) => url.searchParams.get('inbox') === sales.id);
    await expect.poll(() => rows.filter({ hasText: first }).count()).toBe(0);
    await rows.filter({ hasText: second }).waitFor();
    expect(await rows.getByTestId('conversation-inbox').allTextContents()).toEqual(
      Array(await rows.count()).fill(`Caixa de entrada: ${SALES}`),
    );

    // A reload keeps the filter; the chat header names the inbox.
    await page.reload();
    await rows.filter({ hasText: second }).click();
    await page.getByTestId('chat-title').filter({ hasText: second }).waitFor();
    expect(await page.getByTestId('chat-inbox').textContent()).toContain(SALES);
    expect(await page.getByLabel('Filtrar por caixa de entrada').inputValue()).toBe(sales.id);
  });

  it('an operator restricted to one inbox sees only it', async () => {
    // The admin keeps the first inbox to administrators, from its edit dialog.
    const admin = await open(adminToken, '/integrations');
    const primary = (await inboxes()).find((inbox) => inbox.primary);
    if (!primary) throw new Error('sem caixa principal');
    await admin.getByRole('button', { name: `Ações de ${primary.name}` }).click();
    await admin.getByRole('menuitem', { name: 'Editar' }).click();
    const edit = admin.getByRole('dialog', { name: `Editar ${primary.name}` });
    await edit.getByRole('radio', { name: /Somente membros escolhidos/ }).check();
    await edit.getByRole('list', { name: 'Operadores com acesso' }).waitFor();
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await edit.waitFor({ state: 'detached' });
    await admin
      .getByTestId('inbox-row')
      .filter({ hasText: primary.name })
      .getByTestId('inbox-access')
      .filter({ hasText: 'Só administradores' })
      .waitFor();
    expect((await inboxNamed(primary.name)).operatorAccess).toBe('members');

    const operatorToken = await login(DEMO_OPERATOR);
    const page = await open(operatorToken, '/integrations');
    const list = page.getByRole('region', { name: 'Caixas de entrada' });
    await list.getByTestId('inbox-row').filter({ hasText: SALES }).waitFor();
    expect(await list.getByTestId('inbox-row').count()).toBe(1);
    expect(await list.getByRole('button', { name: 'Adicionar caixa de entrada' }).count()).toBe(0);

    // The dashboard's card: that inbox's line, nothing of the primary number.
    await page.goto('/dashboard');
    const connection = page.getByRole('region', { name: 'Conexão WhatsApp' });
    await connection.getByTestId('dashboard-inbox').filter({ hasText: SALES }).waitFor();
    expect(await connection.getByTestId('dashboard-inbox').count()).toBe(1);
    expect(await connection.getByTestId('whatsapp-connected').count()).toBe(0);

    // Its conversations only: no filter to choose (one inbox), no customer of the other.
    await page.goto('/conversations');
    const rows = page.getByTestId('conversation-row');
    await rows.filter({ hasText: `Cliente Vendas ${stamp}` }).waitFor();
    expect(await rows.filter({ hasText: `Cliente Principal ${stamp}` }).count()).toBe(0);
    expect(await page.getByLabel('Filtrar por caixa de entrada').count()).toBe(0);
    await page.getByLabel('Buscar conversas').fill(`Cliente Principal ${stamp}`);
    await page.getByText('Nenhuma conversa encontrada').waitFor();
  });

  it('lays Integrações out without overflow on a 390 px phone, in dark mode too', async () => {
    const page = await open(adminToken, '/integrations', { viewport: VIEWPORTS.phone, colorScheme: 'dark' });
    await page.getByTestId('inbox-row').nth(1).waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await page.getByRole('button', { name: 'Adicionar caixa de entrada' }).click();
    const form = page.getByRole('dialog', { name: 'Adicionar caixa de entrada' });
    const box = await form.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= VIEWPORTS.phone.width).toBe(true);
  });
});
