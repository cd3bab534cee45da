import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiFetch, postInbound } from './support/api';
import { signIn } from './support/browser';
import { adminBrowserSuite } from './support/suite';

/** Every audit entry names its subject, and the name opens it where it has a screen. */

const suite = adminBrowserSuite();
const stamp = `${Date.now() % 1_000_000}`.padStart(6, '0');

async function call(method: string, path: string, body?: unknown) {
  const result = await apiFetch<{ data: Record<string, unknown> }>(path, {
    method,
    body,
    token: suite.admin.token,
  });
  expect(result.status, `${method} ${path}`).toBe(200);
  return result.body.data;
}

/** The newest entry of an action, on /settings/audit filtered by that action as an admin would. */
async function newestEntry(page: Page, action: string) {
  await signIn(page, '/settings/audit', suite.admin);
  await page.getByRole('combobox', { name: /^Ação/ }).selectOption({ label: action });
  const entry = page
    .getByRole('list', { name: 'Registros de auditoria' })
    .getByRole('listitem')
    .filter({ hasText: action })
    .first();
  await entry.waitFor();
  return entry;
}

describe('the audit log names each subject', () => {
  it('a disabled user, by name, linking to the users screen', async () => {
    const name = `Operadora Auditada ${stamp}`;
    const user = await call('POST', '/users', {
      name,
      email: `auditada-${stamp}@atende.local`,
      role: 'operator',
      password: 'senha-forte-123',
    });
    await call('PATCH', `/users/${user.id}`, { disabled: true });
    const page = await suite.open();
    const entry = await newestEntry(page, 'Desativou usuário');
    await entry.getByRole('link', { name: `Usuário ${name}` }).click();
    await page.waitForURL('**/settings/users');
    await page.getByTestId('user-row').filter({ hasText: name }).waitFor();
  });

  it('an edited client and a conversation taken over, by the client’s name, each opening its screen', async () => {
    const sent = await postInbound(suite.admin.token, {
      phone: `55213${stamp}22`,
      name: `Cliente ${stamp}`,
      text: 'Olá, tudo bem?',
    });
    const name = `Helena Auditada ${stamp}`;
    await call('PATCH', `/clients/${sent.clientId}`, { name });
    await call('POST', `/conversations/${sent.conversationId}/takeover`, {});
    const page = await suite.open();

    const edited = await newestEntry(page, 'Editou cliente');
    await edited.getByRole('link', { name: `Cliente ${name}` }).click();
    await page.getByRole('heading', { name }).waitFor();

    const taken = await newestEntry(page, 'Assumiu conversa');
    await taken.getByRole('link', { name: `Conversa com ${name}` }).click();
    await page.getByTestId('chat-title').filter({ hasText: name }).waitFor();
  });

  it('a settings change, by its screen, linking to that tab', async () => {
    const security = await call('GET', '/security-config');
    await call('POST', '/security-config', { sessionHours: security.sessionHours === 12 ? 13 : 12 });
    const page = await suite.open();
    const entry = await newestEntry(page, 'Alterou configurações');
    await entry.getByRole('link', { name: 'Configurações › Segurança' }).click();
    await page.waitForURL('**/settings/security');
  });
});
