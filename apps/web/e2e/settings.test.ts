import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiFetch, loginAsAdmin, type Session } from './support/api';
import { launchBrowser, newPage, signIn, type TestPage, VIEWPORTS } from './support/browser';

/** The settings screens as an admin: errors on the field, saved with a toast, secrets masked and kept. */

let browser: Browser;
let admin: Session;
let current: TestPage | null = null;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await loginAsAdmin();
});
afterEach(async () => {
  if (current)
    expect(
      current.errors.filter((e) => !/Failed to load resource|Tempo real|HTTP 400|Dados inválidos/.test(e)),
    ).toEqual([]);
  await current?.context.close();
  current = null;
});
afterAll(async () => {
  await browser?.close();
});

async function open(
  path: string,
  viewport: { width: number; height: number } = VIEWPORTS.desktop,
): Promise<Page> {
  current = await newPage(browser, { viewport });
  await signIn(current.page, path, admin);
  return current.page;
}

describe('settings screens', () => {
  it('security: an invalid value shows on its field; a valid one saves with a toast', async () => {
    const page = await open('/settings/security');
    const form = page.getByTestId('security-settings');
    const hours = form.getByLabel('Duração da sessão (horas)');
    await hours.fill('100');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(() => hours.getAttribute('aria-invalid')).toBe('true');
    await form.getByRole('alert').first().waitFor();
    await hours.fill('10');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Configurações salvas').first().waitFor();
    const stored = await apiFetch<{ data: { sessionHours: number } }>('/security-config', {
      token: admin.token,
    });
    expect(stored.body.data.sessionHours).toBe(10);
    await apiFetch('/security-config', { method: 'POST', token: admin.token, body: { sessionHours: 12 } });
  }, 150_000);

  it('administration: saving the company keeps the AI key (shown only masked); no webhook fields left', async () => {
    await apiFetch('/admin-config', {
      method: 'POST',
      token: admin.token,
      body: { aiApiKey: 'sk-e2e-chave-4321' },
    });
    const page = await open('/settings/admin', VIEWPORTS.phone);
    const form = page.getByTestId('admin-settings');
    await form.getByLabel('Nome da empresa').waitFor();
    // Webhooks moved to Integrações: the screen points there instead of editing a dead setting.
    expect(await form.getByLabel(/webhook/i).count()).toBe(0);
    expect(await form.getByRole('link', { name: 'Integrações' }).getAttribute('href')).toBe('/integrations');
    await form.getByLabel('Nome da empresa').fill('Loja Teste E2E');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Configurações salvas').first().waitFor();
    const view = await apiFetch<{
      data: { companyName: string; aiApiKey: { isSet: boolean; masked: string } };
    }>('/admin-config', { token: admin.token });
    expect(view.body.data).toMatchObject({
      companyName: 'Loja Teste E2E',
      aiApiKey: { isSet: true, masked: '••••4321' },
    });
    expect(view.body.data).not.toHaveProperty('webhookUrl');

    await page.goto('/settings/agent');
    await page
      .getByTestId('ai-provider-settings')
      .getByText('Definida (••••4321)', { exact: false })
      .waitFor();
    expect(await page.content()).not.toContain('sk-e2e-chave');
    await apiFetch('/admin-config', { method: 'POST', token: admin.token, body: { aiApiKey: null } });
  }, 150_000);

  it('profile: name saved and shown in the sidebar; own sessions listed', async () => {
    const page = await open('/settings/profile');
    const form = page.getByTestId('profile-form');
    await form.getByLabel('Nome').fill('Ana Admin E2E');
    await form.getByRole('button', { name: 'Salvar perfil' }).click();
    await page.getByText('Perfil atualizado').first().waitFor();
    await page.locator('aside').getByText('Ana Admin E2E').waitFor();
    await page.getByText('Esta sessão').waitFor();
    await apiFetch('/profile', { method: 'PATCH', token: admin.token, body: { name: 'Ana Administradora' } });
  }, 150_000);

  it('canned replies and labels: created from their tabs', async () => {
    const page = await open('/settings/canned-replies');
    await page.getByRole('button', { name: 'Nova', exact: true }).click();
    const form = page.getByTestId('canned-reply-form');
    await form.getByLabel('Atalho').fill('prazo-e2e');
    await form.getByLabel('Texto').fill('Entregamos em 3 dias úteis, {nome}.');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await page.getByTestId('canned-reply-row').filter({ hasText: '/prazo-e2e' }).waitFor();
    await page.goto('/settings/labels');
    await page.getByRole('button', { name: 'Nova', exact: true }).click();
    const labelForm = page.getByTestId('label-form');
    await labelForm.getByLabel('Nome').fill('Urgente E2E');
    await labelForm.getByRole('button', { name: 'Salvar' }).click();
    await page.getByTestId('label-row').filter({ hasText: 'Urgente E2E' }).waitFor();
  }, 150_000);
});
