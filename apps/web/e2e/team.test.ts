import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiFetch, loginAsAdmin, pairSimulator, postInbound, type Session } from './support/api';
import { launchBrowser, newPage, signIn, type TestPage, VIEWPORTS } from './support/browser';

/**
 * The team's walk-through in two browsers: the admin creates an operator, who signs in elsewhere, is
 * assigned a handed-off conversation from the chat header and notified live, answers with a canned reply through `/`,
 * labels it; the admin changes the agent's threshold and hand-off text and the agent uses them; the
 * admin disables the operator, whose browser is back at /login within 2 s.
 */

let browser: Browser;
let admin: Session;
let labelId = '';
const opened: TestPage[] = [];
const stamp = Date.now() % 1_000_000;
const OPERATOR = {
  name: `Olívia Operadora ${stamp}`,
  email: `olivia${stamp}@loja.com.br`,
  password: 'senha-da-olivia-1',
};

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await loginAsAdmin();
  await pairSimulator(admin.token);
  const created = await apiFetch<{ data: { id: string } }>('/labels', {
    method: 'POST',
    token: admin.token,
    body: { name: `Troca ${stamp}`, color: 'emerald' },
  });
  labelId = created.body.data.id;
});
afterEach(async () => {
  for (const t of opened)
    expect(
      t.errors.filter(
        (e) =>
          !/Failed to load resource|Tempo real|WebSocket|Token inválido|\/auth\/me|validar a sessão|401/.test(
            e,
          ),
      ),
    ).toEqual([]);
});
afterAll(async () => {
  for (const t of opened.splice(0)) await t.context.close();
  await apiFetch('/config', { method: 'POST', token: admin.token, body: { confidenceThreshold: 0.45 } });
  await browser?.close();
});

async function open(): Promise<Page> {
  const t = await newPage(browser);
  opened.push(t);
  return t.page;
}

interface Outbox {
  text: string;
}
const outbox = async (phone: string) =>
  (await apiFetch<{ data: Outbox[] }>(`/simulator/outbox?phone=${phone}`, { token: admin.token })).body.data;
const conversation = async (id: string) =>
  (
    await apiFetch<{
      data: {
        tags: string[];
        handler: { mode: string; userId: string | null };
        messages: { content: string; sender: string }[];
      };
    }>(`/conversations/${id}`, { token: admin.token })
  ).body.data;

describe('the team, end to end', () => {
  let adminPage: Page;
  let operatorPage: Page;
  let operatorId = '';

  it('the admin creates an operator on /settings/users', async () => {
    adminPage = await open();
    await signIn(adminPage, '/settings/users', admin);
    await adminPage.getByRole('button', { name: /Novo/ }).click();
    const form = adminPage.getByTestId('user-form');
    await form.getByLabel('Nome').fill(OPERATOR.name);
    await form.getByLabel('E-mail').fill(OPERATOR.email);
    await form.getByLabel('Senha inicial').fill(OPERATOR.password);
    await form.getByRole('button', { name: 'Criar usuário' }).click();
    await expect
      .poll(() => adminPage.getByTestId('user-row').filter({ hasText: OPERATOR.email }).count())
      .toBe(1);
    const users = await apiFetch<{ data: { id: string; email: string; role: string }[] }>('/users', {
      token: admin.token,
    });
    const created = users.body.data.find((u) => u.email === OPERATOR.email);
    expect(created?.role).toBe('operator');
    operatorId = created!.id;
  }, 150_000);

  it('the operator signs in in another browser and cannot see or reach admin screens', async () => {
    operatorPage = await open();
    await operatorPage.goto('/login');
    await operatorPage.getByLabel('E-mail').fill(OPERATOR.email);
    await operatorPage.getByLabel('Senha', { exact: true }).fill(OPERATOR.password);
    await operatorPage.getByRole('button', { name: 'Entrar', exact: true }).click();
    await operatorPage.waitForURL('**/dashboard');
    await operatorPage.goto('/settings');
    await operatorPage.waitForURL('**/settings/profile');
    const tabs = operatorPage.getByRole('navigation', { name: 'Seções das configurações' });
    // Their own screens only: the profile and their personal macros.
    await expect.poll(() => tabs.getByRole('link').allTextContents()).toEqual(['Perfil', 'Macros']);
    await operatorPage.goto('/settings/users');
    await operatorPage.getByText('Acesso restrito a administradores.').waitFor();
    const login = await apiFetch<{ data: { token: string } }>('/auth/login', {
      method: 'POST',
      body: { email: OPERATOR.email, password: OPERATOR.password },
    });
    const token = login.body.data.token;
    for (const path of [
      '/users',
      '/config',
      '/admin-config',
      '/security-config',
      '/access-control',
      '/conversation-rules',
      '/automations',
    ]) {
      expect((await apiFetch(path, { token })).status).toBe(403);
    }
  }, 150_000);

  let conversationId = '';
  const phone = `55119${String(stamp).padStart(6, '0')}1`;
  const clientName = `Renata ${stamp}`;

  it('a handed-off conversation is assigned to the operator, who is notified live', async () => {
    await operatorPage.goto('/conversations');
    const bell = operatorPage.getByRole('button', { name: /^Notificações/ });
    await bell.waitFor();
    const before = Number(
      (await operatorPage
        .getByTestId('notification-count')
        .textContent()
        .catch(() => '0')) || 0,
    );
    const sent = await postInbound(admin.token, {
      phone,
      name: clientName,
      text: 'Quero falar com um atendente, por favor',
    });
    conversationId = sent.conversationId;
    await expect
      .poll(async () => (await conversation(conversationId)).handler.mode, { timeout: 15_000 })
      .toBe('waiting_human');
    // The admin hands it over from the chat header: Mais opções › Atribuir a › the operator.
    await adminPage.goto(`/conversations?c=${conversationId}`);
    await adminPage.getByRole('button', { name: 'Mais opções' }).click();
    await adminPage.getByRole('menuitem', { name: 'Atribuir a' }).click();
    // A mouse travels to the submenu (a jump straight onto it would leave the trigger and close it).
    const item = adminPage.getByRole('menuitem', { name: new RegExp(OPERATOR.name) });
    await item.waitFor();
    const box = (await item.boundingBox())!;
    await adminPage.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 8 });
    await item.click();
    await adminPage.getByText(`Conversa atribuída a ${OPERATOR.name}`).first().waitFor();
    await expect
      .poll(async () => (await conversation(conversationId)).handler)
      .toMatchObject({
        mode: 'human',
        userId: operatorId,
      });
    await adminPage.getByTestId('chat-title').waitFor();
    await expect.poll(() => adminPage.getByRole('button', { name: 'Devolver à IA' }).count()).toBe(1);
    await expect
      .poll(
        async () =>
          Number(
            (await operatorPage
              .getByTestId('notification-count')
              .textContent()
              .catch(() => '0')) || 0,
          ),
        {
          timeout: 5000,
        },
      )
      .toBeGreaterThan(before);
    await bell.click();
    await operatorPage.getByText('Conversa atribuída a você').first().waitFor();
    await operatorPage.keyboard.press('Escape');
  }, 150_000);

  it('on a phone the team is listed in the options menu itself, inside the screen', async () => {
    const t = await newPage(browser, { viewport: VIEWPORTS.phone });
    opened.push(t);
    await signIn(t.page, `/conversations?c=${conversationId}`, admin);
    await t.page.getByRole('button', { name: 'Mais opções' }).click();
    const item = t.page.getByRole('menuitem', { name: new RegExp(OPERATOR.name) });
    await item.waitFor();
    const box = (await item.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await t.page.keyboard.press('Escape');
  }, 150_000);

  it('the operator answers with a canned reply through "/" and labels the conversation', async () => {
    await operatorPage
      .getByRole('button', { name: new RegExp(clientName) })
      .first()
      .click();
    const composer = operatorPage.getByRole('textbox', { name: 'Mensagem', exact: true });
    await composer.fill('/obr');
    const picker = operatorPage.getByTestId('canned-reply-picker');
    await picker.waitFor();
    await expect.poll(() => picker.getByRole('option').count()).toBe(1);
    await composer.press('Enter');
    await expect.poll(() => composer.inputValue()).toBe(`Obrigado pelo contato, ${clientName}!`);
    await composer.press('Enter');
    await expect
      .poll(async () => (await conversation(conversationId)).messages.at(-1)?.content, { timeout: 5000 })
      .toBe(`Obrigado pelo contato, ${clientName}!`);
    await expect
      .poll(async () => (await outbox(phone)).map((o) => o.text), { timeout: 10_000 })
      .toContain(`Obrigado pelo contato, ${clientName}!`);

    await operatorPage.getByRole('button', { name: 'Etiquetas' }).first().click();
    await operatorPage.getByTestId('label-picker').getByText(`Troca ${stamp}`).click();
    await expect
      .poll(async () => (await conversation(conversationId)).tags, { timeout: 5000 })
      .toEqual([labelId]);
    await operatorPage.keyboard.press('Escape');
    await operatorPage
      .getByTestId('label-chip')
      .filter({ hasText: `Troca ${stamp}` })
      .first()
      .waitFor();
  }, 150_000);

  it('the admin changes the confidence threshold and the hand-off text; the agent uses them next', async () => {
    const handoffText = `Um momento, ${stamp}: já chamo alguém da equipe.`;
    await adminPage.goto('/settings/agent');
    const form = adminPage.getByTestId('agent-settings');
    await form.getByLabel('Limiar de confiança (%)').fill('99');
    await form.getByLabel('Mensagem de transferência').fill(handoffText);
    await form.getByRole('button', { name: 'Salvar' }).click();
    await adminPage.getByText('Configurações salvas').first().waitFor();
    const stored = await apiFetch<{ data: { confidenceThreshold: number; handoffMessage: string } }>(
      '/config',
      {
        token: admin.token,
      },
    );
    expect(stored.body.data).toMatchObject({ confidenceThreshold: 0.99, handoffMessage: handoffText });

    const other = `55119${String(stamp).padStart(6, '0')}2`;
    const asked = await postInbound(admin.token, {
      phone: other,
      name: 'Caio',
      text: 'Qual o prazo de entrega para Campinas?',
    });
    // Below the new bar the agent does not answer: it hands off, or first asks which topic (a person
    // among the choices), and the customer picks the person.
    const replied = async () => (await outbox(other)).map((o) => o.text).join('\n');
    await expect
      .poll(async () => /Falar com um atendente|Um momento/.test(await replied()), { timeout: 20_000 })
      .toBe(true);
    expect(await replied()).not.toMatch(/dias úteis/);
    if (!(await replied()).includes(handoffText)) {
      await postInbound(admin.token, { phone: other, name: 'Caio', text: 'Quero falar com um atendente' });
    }
    await expect
      .poll(async () => (await outbox(other)).map((o) => o.text), { timeout: 20_000 })
      .toContain(handoffText);
    expect((await conversation(asked.conversationId)).handler.mode).toBe('waiting_human');
  }, 150_000);

  it('the admin disables the operator: that browser is back at /login within 2 s', async () => {
    await operatorPage.goto('/dashboard');
    await operatorPage.locator('main h1').first().waitFor();
    await adminPage.goto('/settings/users');
    const row = adminPage.getByTestId('user-row').filter({ hasText: OPERATOR.email });
    await row.getByRole('button', { name: /^Desativar/ }).click();
    // Timed from the server's answer to the admin's change (the admin's own click is not the system's delay).
    const answered = adminPage.waitForResponse(
      (r) => r.url().includes('/api/users/') && r.request().method() === 'PATCH',
    );
    await adminPage.getByRole('button', { name: 'Desativar', exact: true }).click();
    await answered;
    const started = Date.now();
    await operatorPage.waitForURL('**/login', { timeout: 5000 });
    const elapsed = Date.now() - started;
    expect(elapsed).toBeLessThan(2000);
    await row.getByText('Desativado').waitFor();
  }, 150_000);
});
