import { DEMO_ADMIN, DEMO_OPERATOR } from '@atende/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownServerData } from './support/api';
import { launchBrowser, newPage, type PageOptions } from './support/browser';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * Automations as a business sets them up: an admin builds "boleto → etiqueta Financeiro + resposta +
 * rodízio" on the screen, a simulated customer asks for a boleto and the rule acts (label, the reply
 * with the customer's first name, the conversation with the operator who is online), and the run log
 * says so in the conversation's profile; then a macro built on the macros screen runs from the chat
 * header and from the composer's `/` menu. Its own server: its rules act on every inbound message.
 */

let server: TestServer | undefined;
let browser: Browser | undefined;
let adminToken = '';
let operator: { token: string; user: { id: string; name: string } };
let financeiroId = '';
let vipId = '';
const stamp = `${Date.now() % 1_000_000}`.padStart(6, '0');
const opened: Page[] = [];

const call = <T>(path: string, init: { method?: string; body?: unknown; token?: string } = {}) =>
  ownServerData<T>(server, path, { ...init, token: init.token ?? adminToken });

const login = (credentials: { email: string; password: string }) =>
  call<{ token: string; user: { id: string; name: string } }>('/auth/login', {
    method: 'POST',
    body: { ...credentials, remember: false },
  });

interface Row {
  status: string;
  tags: string[];
  handler: { mode: string; userId: string | null };
}
const conversation = (id: string) => call<Row>(`/conversations/${id}`);
const outbox = (phone: string) => call<Array<{ text: string }>>(`/simulator/outbox?phone=${phone}`);
const inbound = (phone: string, name: string, text: string) =>
  call<{ conversationId: string }>('/simulator/inbound', { method: 'POST', body: { phone, name, text } });

async function open(token: string, path: string, options: PageOptions = {}): Promise<Page> {
  if (!browser || !server) throw new Error('o navegador não abriu');
  const { page } = await newPage(browser, { ...options, baseURL: server.baseUrl });
  opened.push(page);
  await page.goto('/login');
  await page.evaluate((value) => localStorage.setItem('auth_token', value), token);
  await page.goto(path);
  return page;
}

/** Opens a conversation from the list by the customer's name. */
async function openChat(page: Page, name: string): Promise<void> {
  await page.goto('/conversations');
  await page.getByText(name).first().click();
  await page.getByTestId('chat-title').filter({ hasText: name }).waitFor();
}

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  adminToken = (await login(DEMO_ADMIN)).token;
  operator = await login(DEMO_OPERATOR);
  const status = await call<{ connected: boolean; pairingCode: string | null }>('/whatsapp/status');
  if (!status.connected && status.pairingCode) {
    await call('/simulator/pair', { method: 'POST', body: { code: status.pairingCode } });
  }
  financeiroId = (
    await call<{ id: string }>('/labels', { method: 'POST', body: { name: 'Financeiro', color: 'emerald' } })
  ).id;
  vipId = (await call<{ id: string }>('/labels', { method: 'POST', body: { name: 'VIP', color: 'violet' } }))
    .id;
});

afterAll(async () => {
  for (const page of opened) await page.context().close();
  await browser?.close();
  await server?.stop();
});

describe('automations', () => {
  it('an admin builds "boleto → Financeiro + resposta + rodízio" on the screen and it acts on a customer', async () => {
    // The operator is at work (online), so the round-robin has someone to give the conversation to.
    await open(operator.token, '/conversations');
    await call('/profile/availability', {
      method: 'POST',
      token: operator.token,
      body: { availability: 'online' },
    });
    await expect
      .poll(
        async () =>
          (await call<Array<{ id: string; availability: string }>>('/team/members')).find(
            (m) => m.id === operator.user.id,
          )?.availability,
      )
      .toBe('online');

    const page = await open(adminToken, '/settings/automations');
    await page.getByRole('button', { name: 'Nova regra' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova regra' });
    await dialog.getByLabel('Nome da regra').fill('Boleto para o Financeiro');

    await dialog.getByRole('button', { name: 'Adicionar condição' }).click();
    await page.getByRole('menuitem', { name: 'O texto contém' }).click();
    await dialog.getByLabel('Palavras ou frases').fill('boleto, segunda via');

    await dialog.getByRole('button', { name: 'Adicionar ação' }).click();
    await page.getByRole('menuitem', { name: 'Adicionar etiqueta' }).click();
    await dialog.getByLabel('Etiqueta').selectOption({ label: 'Financeiro' });
    await dialog.getByRole('button', { name: 'Adicionar ação' }).click();
    await page.getByRole('menuitem', { name: 'Enviar mensagem' }).click();
    await dialog.getByLabel('Mensagem').fill('Oi, {primeiro_nome}! Seu boleto foi para o Financeiro.');
    await dialog.getByRole('button', { name: 'Adicionar ação' }).click();
    await page.getByRole('menuitem', { name: 'Atribuir em rodízio' }).click();
    await dialog.getByRole('checkbox', { name: operator.user.name }).check();

    await expect
      .poll(() => dialog.getByTestId('rule-summary').textContent())
      .toBe(
        'Quando uma mensagem do cliente for recebida, se o texto contiver “boleto” ou “segunda via”, então: ' +
          'adicionar etiqueta Financeiro, enviar mensagem “Oi, {primeiro_nome}! Seu boleto foi para o Financeiro.” ' +
          `e atribuir em rodízio entre ${operator.user.name}.`,
      );
    await page.getByRole('button', { name: 'Criar regra' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByTestId('rule-row').filter({ hasText: 'Boleto para o Financeiro' });
    await expect.poll(() => row.getByRole('switch').getAttribute('aria-checked')).toBe('true');

    const phone = `55119${stamp}1`;
    const { conversationId } = await inbound(
      phone,
      `Carla Mendes ${stamp}`,
      'Bom dia! Preciso da segunda via do boleto',
    );
    await expect.poll(async () => (await conversation(conversationId)).tags).toContain(financeiroId);
    await expect
      .poll(async () => (await outbox(phone)).map((m) => m.text))
      .toContain('Oi, Carla! Seu boleto foi para o Financeiro.');
    await expect
      .poll(async () => (await conversation(conversationId)).handler)
      .toMatchObject({ mode: 'human', userId: operator.user.id });

    // The run log in the conversation's profile says what the rule did.
    await openChat(page, `Carla Mendes ${stamp}`);
    await page.getByRole('button', { name: 'Mais opções' }).click();
    await page.getByRole('menuitem', { name: 'Ver perfil' }).click();
    const run = page.getByTestId('automation-run').filter({ hasText: 'Boleto para o Financeiro' });
    await run.waitFor();
    expect(await run.textContent()).toContain('Financeiro');
    await page.keyboard.press('Escape');

    // Testar on that same conversation: the condition holds, and nothing more is done to it.
    const before = (await outbox(phone)).length;
    await page.goto('/settings/automations');
    await page.getByRole('button', { name: 'Editar Boleto para o Financeiro' }).click();
    const editor = page.getByRole('dialog', { name: 'Editar regra' });
    await editor.getByLabel('Buscar conversa para testar').fill(`Carla Mendes ${stamp}`);
    await editor.getByRole('radio', { name: new RegExp(`Carla Mendes ${stamp}`) }).check();
    await editor.getByRole('button', { name: 'Testar' }).click();
    const result = editor.getByTestId('rule-test-result');
    await result.waitFor();
    expect(await result.textContent()).toContain('A regra agiria nesta conversa');
    expect((await outbox(phone)).length).toBe(before);
  });

  it('a macro built on the macros screen runs from the chat header and from the / menu', async () => {
    const page = await open(adminToken, '/settings/macros');
    await page.getByRole('button', { name: 'Nova macro' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova macro' });
    await dialog.getByLabel('Nome', { exact: true }).fill('Cliente VIP atendido');
    await dialog.getByRole('switch', { name: 'Compartilhar com a equipe' }).click();
    await dialog.getByRole('button', { name: 'Adicionar ação' }).click();
    await page.getByRole('menuitem', { name: 'Adicionar etiqueta' }).click();
    await dialog.getByLabel('Etiqueta').selectOption({ label: 'VIP' });
    await dialog.getByRole('button', { name: 'Adicionar ação' }).click();
    await page.getByRole('menuitem', { name: 'Finalizar' }).click();
    await page.getByRole('button', { name: 'Criar macro' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('macro-row').filter({ hasText: 'Cliente VIP atendido' }).waitFor();

    // From the header's Macros menu.
    const first = await inbound(`55119${stamp}2`, `Rui Prado ${stamp}`, 'Olá, quero saber do meu pedido');
    await openChat(page, `Rui Prado ${stamp}`);
    await page.getByRole('button', { name: 'Macros' }).click();
    await page.getByRole('menuitem', { name: 'Cliente VIP atendido' }).click();
    await page.getByText('Macro “Cliente VIP atendido” aplicada').waitFor();
    await expect.poll(async () => (await conversation(first.conversationId)).tags).toContain(vipId);
    await expect.poll(async () => (await conversation(first.conversationId)).status).toBe('completed');

    // From the composer: "/vip" and Enter runs it, and what was typed is gone.
    const second = await inbound(`55119${stamp}3`, `Lia Costa ${stamp}`, 'Oi! Tudo bem?');
    await openChat(page, `Lia Costa ${stamp}`);
    const box = page.getByRole('textbox', { name: 'Mensagem' });
    await box.fill('/vip');
    await page
      .getByRole('group', { name: 'Macros' })
      .getByRole('option', { name: /Cliente VIP atendido/ })
      .waitFor();
    await box.press('Enter');
    await expect.poll(async () => (await conversation(second.conversationId)).status).toBe('completed');
    expect((await conversation(second.conversationId)).tags).toContain(vipId);
    expect(await box.inputValue()).toBe('');
  });

  it("an inbox's business hours set on Integrações: out of hours, a new customer gets its out-of-office message", async () => {
    const page = await open(adminToken, '/integrations');
    await page
      .getByRole('button', { name: /^Ações de / })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Horário de atendimento' }).click();
    const dialog = page.getByRole('dialog', { name: /^Horário de atendimento/ });
    await dialog.getByTestId('business-hours-form').waitFor();
    await dialog.getByRole('switch', { name: 'Usar horário de atendimento' }).click();
    await dialog.getByLabel('Fuso horário').selectOption('America/Manaus');
    // Closed every day (the weekdays' only interval removed), holidays added with one click.
    for (const day of ['segunda', 'terça', 'quarta', 'quinta', 'sexta']) {
      await dialog.getByRole('button', { name: `Remover intervalo 1 de ${day}` }).click();
    }
    await dialog.getByRole('button', { name: /Adicionar feriados nacionais de/ }).click();
    await dialog
      .getByLabel('Mensagem fora do horário')
      .fill('Oi, {primeiro_nome}! Estamos fechados agora; respondemos no próximo dia útil.');
    await dialog.getByRole('button', { name: 'Salvar horário' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The server's rules cache reads business hours again within 2 s (it is not told on save).
    await new Promise((resolve) => setTimeout(resolve, 2_500));

    const phone = `55119${stamp}4`;
    await inbound(phone, `Davi Lopes ${stamp}`, 'Vocês estão abertos?');
    await expect
      .poll(async () => (await outbox(phone)).map((m) => m.text))
      .toContain('Oi, Davi! Estamos fechados agora; respondemos no próximo dia útil.');
  });
});
