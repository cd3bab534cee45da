import { describe, expect, it } from 'vitest';
import { apiFetch, login, loginAsOperator, postInbound } from './support/api';
import { signIn } from './support/browser';
import { adminBrowserSuite } from './support/suite';

/** Lists another person changes reach an open screen without a reload. */

const suite = adminBrowserSuite();
const stamp = `${Date.now() % 1_000_000}`.padStart(6, '0');

describe('lists other people change stay live', () => {
  it('a canned reply an admin creates shows in the operator’s “/” picker at once', async () => {
    const sent = await postInbound(suite.admin.token, {
      phone: `55219${stamp}11`,
      name: `Cliente Frete ${stamp}`,
      text: 'Oi, bom dia',
    });
    const page = await suite.open();
    await signIn(page, `/conversations?c=${sent.conversationId}`, await loginAsOperator());
    const composer = page.getByRole('textbox', { name: 'Mensagem', exact: true });
    await composer.fill('/');
    const picker = page.getByTestId('canned-reply-picker');
    await picker.waitFor();
    await composer.fill(`/frete${stamp}`);
    await picker.waitFor({ state: 'detached' });

    const created = await apiFetch('/canned-replies', {
      method: 'POST',
      token: suite.admin.token,
      body: { shortcut: `frete${stamp}`, content: 'O frete é grátis acima de R$ 200.' },
    });
    expect(created.status).toBe(200);
    await picker
      .getByRole('option')
      .filter({ hasText: 'O frete é grátis acima de R$ 200.' })
      .waitFor({ timeout: 10_000 });
  });

  it('a label an admin creates shows in the operator’s label filter at once', async () => {
    const page = await suite.open();
    await signIn(page, '/conversations', await loginAsOperator());
    const filter = page.getByRole('combobox', { name: 'Filtrar por etiqueta' });
    await filter.waitFor();
    const name = `Atacado ${stamp}`;
    expect(await filter.getByRole('option', { name }).count()).toBe(0);

    const created = await apiFetch('/labels', {
      method: 'POST',
      token: suite.admin.token,
      body: { name, color: 'sky' },
    });
    expect(created.status).toBe(200);
    await expect.poll(() => filter.getByRole('option', { name }).count()).toBe(1);
  });

  it('a session opened elsewhere shows in the profile’s list when the user comes back to the tab', async () => {
    const page = await suite.open();
    const own = await login();
    await signIn(page, '/settings/profile', own);
    const rows = page.getByTestId('session-row');
    await rows.first().waitFor();
    const before = await rows.count();

    await login();
    // What the browser fires when its user switches back to this tab.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
    await expect.poll(() => rows.count()).toBe(before + 1);
  });
});
