import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { postInbound } from './support/api';
import { signIn, VIEWPORTS } from './support/browser';
import { repoRoot } from './support/server-env';
import { adminBrowserSuite } from './support/suite';

const suite = adminBrowserSuite();
/** POLISH_SCREENSHOTS=1 saves the palette under docs/screenshots/polish. */
const shots = process.env.POLISH_SCREENSHOTS === '1' ? join(repoRoot, 'docs/screenshots/polish') : null;

/** Focus on the page itself (not a field), as after reading a screen. */
async function focusPage(page: Page) {
  await page.getByRole('heading', { level: 1 }).first().click();
}

describe('top search and shortcuts', () => {
  it('Ctrl+K opens the palette; it finds a message by its words, arrows move, Enter opens its conversation', async () => {
    const stamp = String(Date.now()).slice(-6);
    const phone = `5521977${stamp}`;
    const name = `Teodora Palheta ${stamp}`;
    const words = `parafusos sextavados ${stamp}`;
    await postInbound(suite.admin.token, { phone, name, text: `Vocês têm ${words} em inox?` });
    await postInbound(suite.admin.token, { phone, name, text: 'Obrigada, aguardo.' });

    const page = await suite.open();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await signIn(page, '/dashboard', suite.admin);
    // The router knows what to show while the first screen's code downloads: no warning about it.
    expect(warnings.filter((text) => text.includes('HydrateFallback'))).toEqual([]);
    await focusPage(page);
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Buscar' });
    await palette.waitFor();
    // The message is no longer the conversation's last one: only the message search finds it, typed
    // as on a phone, without its accents.
    await page.keyboard.type(`voces tem ${words}`);
    const hit = palette.getByRole('option', { name: new RegExp(`${name}.*${words}`) });
    await hit.waitFor();
    await expect.poll(() => palette.getByRole('option').count()).toBeGreaterThanOrEqual(1);
    // The first option is selected; Enter opens what is selected.
    expect(await palette.getByRole('option').first().getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/conversations\?c=/);
    await page.getByTestId('chat-title').filter({ hasText: name }).waitFor();
    expect(await palette.count()).toBe(0);

    // The top bar's box opens it too, with the letter typed there; a phone typed as people write it
    // finds the client (shown formatted) and the conversation; ↓ moves to the second.
    const box = page.getByRole('searchbox', { name: 'Buscar', exact: true });
    await box.focus();
    await page.keyboard.type('+');
    await palette.waitFor();
    await expect.poll(() => palette.getByRole('combobox').inputValue()).toBe('+');
    await palette.getByRole('combobox').pressSequentially(`55 21 977${stamp.slice(0, 2)}-${stamp.slice(2)}`);
    const client = palette.getByRole('option', { name: new RegExp(name) }).first();
    await client.waitFor();
    expect(await client.textContent()).toContain(`+55 21 977${stamp.slice(0, 2)}-${stamp.slice(2)}`);
    await expect.poll(() => palette.getByRole('option').count()).toBe(2);
    await page.keyboard.press('ArrowDown');
    expect(await palette.getByRole('option').nth(1).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Escape');
    await palette.waitFor({ state: 'hidden' });
  });

  it('on a phone, the box opens the palette and says when nothing is found', async () => {
    const page = await suite.open({ viewport: VIEWPORTS.phone });
    await signIn(page, '/dashboard', suite.admin);
    await page.getByRole('searchbox', { name: 'Buscar', exact: true }).click();
    const palette = page.getByRole('dialog', { name: 'Buscar' });
    await palette.waitFor();
    await page.keyboard.type('zzqxw nada');
    await palette.getByText('Nada encontrado para “zzqxw nada”.').waitFor();
  });

  it('"?" lists the shortcuts; g a, g t and g i go to conversations, training and integrations', async () => {
    const page = await suite.open();
    await signIn(page, '/dashboard', suite.admin);
    await focusPage(page);
    await page.keyboard.press('?');
    const list = page.getByRole('dialog', { name: 'Atalhos do teclado' });
    await list.waitFor();
    const text = (await list.getByTestId('shortcuts-list').textContent()) ?? '';
    for (const line of [
      'Buscar clientes, conversas e mensagens',
      'Ir para Treinamento',
      'Ir para Integrações',
    ]) {
      expect(text).toContain(line);
    }
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'hidden' });

    for (const [key, path] of [
      ['a', '/conversations'],
      ['t', '/training'],
      ['i', '/integrations'],
      ['d', '/dashboard'],
    ] as const) {
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press('g');
      await page.keyboard.press(key);
      await page.waitForURL(`**${path}`);
    }
    // The help button in the top bar opens the same list.
    await page.getByRole('button', { name: 'Atalhos do teclado' }).click();
    await list.waitFor();
  });

  for (const viewport of ['desktop', 'phone'] as const) {
    for (const colorScheme of ['light', 'dark'] as const) {
      it(`shows clients with formatted phones, conversations and messages (${viewport}, ${colorScheme})`, async () => {
        const page = await suite.open({ viewport: VIEWPORTS[viewport], colorScheme });
        await signIn(page, '/dashboard', suite.admin);
        await page.getByRole('searchbox', { name: 'Buscar', exact: true }).click();
        const palette = page.getByRole('dialog', { name: 'Buscar' });
        await palette.waitFor();
        await page.keyboard.type('ana');
        await palette.getByRole('group', { name: 'Clientes' }).waitFor();
        expect(await palette.getByRole('group', { name: 'Clientes' }).textContent()).toMatch(
          /\+55 \d{2} \d{4,5}-\d{4}/,
        );
        if (shots) {
          mkdirSync(shots, { recursive: true });
          await page.screenshot({ path: join(shots, `search-${viewport}-${colorScheme}.png`) });
        }
      });
    }
  }
});
