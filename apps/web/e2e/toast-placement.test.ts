import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { postInbound } from './support/api';
import { signIn, VIEWPORTS } from './support/browser';
import { adminBrowserSuite } from './support/suite';

/** A toast never sits over the chat header's controls, however many are stacked. */

const suite = adminBrowserSuite();
const stamp = `${Date.now() % 1_000_000}`.padStart(6, '0');

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

const boxOf = async (locator: Locator): Promise<Box> => {
  const box = (await locator.boundingBox())!;
  return { top: box.y, bottom: box.y + box.height, left: box.x, right: box.x + box.width };
};
const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

describe('toasts and the chat header', () => {
  for (const viewport of [VIEWPORTS.desktop, { width: 1024, height: 768 }, VIEWPORTS.phone]) {
    it(`keeps every toast clear of the chat header's buttons (${viewport.width} px)`, async () => {
      const sent = await postInbound(suite.admin.token, {
        phone: `55214${stamp}${viewport.width % 100}`.slice(0, 13),
        name: `Cliente Aviso ${viewport.width}`,
        text: 'Oi',
      });
      const page = await suite.open({ viewport });
      await signIn(page, `/conversations?c=${sent.conversationId}`, suite.admin);
      await page.getByTestId('chat-title').waitFor();
      // No microphone in the test browser: each press raises an error toast; three stack up.
      for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Gravar áudio' }).click();
      const toasts = page.locator('[data-toast-type]');
      await expect.poll(() => toasts.count()).toBeGreaterThanOrEqual(1);
      // Every button of the chat's header row that this width shows (a phone moves calls to the menu).
      const header = page.getByTestId('chat-title').locator('xpath=ancestor::header[1]');
      const controls = [];
      for (const button of await header.getByRole('button').all())
        if (await button.isVisible()) controls.push(button);
      expect(controls.length).toBeGreaterThanOrEqual(3);
      for (const toast of await toasts.all()) {
        const box = await boxOf(toast);
        for (const control of controls) {
          expect(overlaps(box, await boxOf(control))).toBe(false);
        }
      }
      const topBar = await boxOf(page.getByRole('banner').first());
      expect((await boxOf(toasts.first())).top).toBeGreaterThanOrEqual(topBar.bottom);
    });
  }

  it('keeps the toast a selection-bar button raised clear of that bar', async () => {
    const sent = await postInbound(suite.admin.token, {
      phone: `55215${stamp}01`,
      name: `Cliente Seleção ${stamp}`,
      text: 'Mensagem para selecionar',
    });
    const page = await suite.open();
    await signIn(page, `/conversations?c=${sent.conversationId}`, suite.admin);
    const message = page.getByTestId('message-bubble').filter({ hasText: 'Mensagem para selecionar' });
    await message.hover();
    await message.getByRole('button', { name: 'Selecionar', exact: true }).click();
    const bar = page.getByTestId('selection-bar');
    await bar.getByRole('button', { name: 'Limpar Seleção' }).click();
    await bar.getByRole('button', { name: 'Apagar Selecionadas' }).click();
    const toast = page.locator('[data-toast-type]').filter({ hasText: 'Nenhuma mensagem selecionada' });
    await toast.waitFor();
    for (const name of ['Selecionar Todas', 'Limpar Seleção', 'Apagar Selecionadas']) {
      expect(overlaps(await boxOf(toast), await boxOf(bar.getByRole('button', { name })))).toBe(false);
    }
    // And the bar stays usable while the toast lives.
    await bar.getByRole('button', { name: 'Selecionar Todas' }).click({ timeout: 2000 });
  });
});
