import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiFetch } from './support/api';
import { adminBrowserSuite } from './support/suite';

/** Signing in to a disabled account: the right password learns why and whom to ask, a wrong one does not. */

const suite = adminBrowserSuite();
const stamp = `${Date.now() % 1_000_000}`.padStart(6, '0');
const email = `desativada-${stamp}@atende.local`;
const password = 'senha-forte-123';

async function submit(page: Page, secret: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(secret);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
}

describe('a disabled account at sign-in', () => {
  beforeAll(async () => {
    const created = await apiFetch<{ data: { id: string } }>('/users', {
      method: 'POST',
      token: suite.admin.token,
      body: { name: `Desativada ${stamp}`, email, role: 'operator', password },
    });
    expect(created.status).toBe(200);
    const disabled = await apiFetch(`/users/${created.body.data.id}`, {
      method: 'PATCH',
      token: suite.admin.token,
      body: { disabled: true },
    });
    expect(disabled.status).toBe(200);
  });

  it('with the right password, says the account is disabled and names the admin to ask', async () => {
    const page = await suite.open();
    await submit(page, password);
    const alert = page.getByRole('alert').filter({ hasText: 'Conta desativada' });
    await alert.waitFor({ timeout: 10_000 });
    expect(await alert.textContent()).toContain(
      `Sua conta está desativada. Peça a ${suite.admin.user.name} para reativá-la.`,
    );
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('with a wrong password, answers as for any wrong password', async () => {
    const page = await suite.open();
    await submit(page, 'senha-errada-1');
    const alert = page.getByRole('alert').filter({ hasText: 'Erro de Autenticação' });
    await alert.waitFor({ timeout: 10_000 });
    expect(await alert.textContent()).toContain('E-mail ou senha inválidos');
    expect(await alert.textContent()).not.toContain('desativada');
  });
});
