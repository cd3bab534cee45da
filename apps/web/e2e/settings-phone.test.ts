import { describe, expect, it } from 'vitest';
import { apiFetch } from './support/api';
import { signIn, VIEWPORTS } from './support/browser';
import { adminBrowserSuite } from './support/suite';

/**
 * The settings screens on a 390 px phone: the team list reads whole, a quick reply's text keeps its width,
 * the tab strip shows it scrolls.
 */

const suite = adminBrowserSuite();

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

describe('settings on a 390 px phone', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`the users screen shows every name and e-mail whole, "(você)" clear of the badges (${colorScheme})`, async () => {
      const page = await suite.open({ viewport: VIEWPORTS.phone, colorScheme });
      await signIn(page, '/settings/users', suite.admin);
      await page.getByTestId('user-row').first().waitFor();
      const users = (
        await apiFetch<{ data: Array<{ name: string; email: string; role: string }> }>('/users', {
          token: suite.admin.token,
        })
      ).body.data;
      const layout = await page.evaluate((team) => {
        const rows = [...document.querySelectorAll('[data-testid="user-row"]')];
        const leaf = (row: Element, text: string) =>
          [...row.querySelectorAll<HTMLElement>('*')].find(
            (el) => el.children.length === 0 && el.textContent === text,
          );
        const box = (el: Element | undefined) => {
          if (!el) return null;
          const { top, bottom, left, right } = el.getBoundingClientRect();
          return { top, bottom, left, right };
        };
        const whole = (el: HTMLElement | undefined) => !!el && el.scrollWidth <= el.clientWidth;
        return team.map((user) => {
          const row = rows.find((r) => leaf(r, user.email))!;
          return {
            name: user.name,
            nameWhole: whole(leaf(row, user.name)),
            emailWhole: whole(leaf(row, user.email)),
            you: box(leaf(row, '(você)')),
            role: box(leaf(row, user.role === 'admin' ? 'Administrador' : 'Operador')),
            right: row.getBoundingClientRect().right,
          };
        });
      }, users);
      const own = layout.find((row) => row.name === suite.admin.user.name);
      expect(own?.you).toBeTruthy();
      expect(overlaps(own!.you!, own!.role!)).toBe(false);
      for (const row of layout) {
        expect(row.nameWhole, row.name).toBe(true);
        expect(row.emailWhole, row.name).toBe(true);
        expect(row.right).toBeLessThanOrEqual(VIEWPORTS.phone.width);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        VIEWPORTS.phone.width,
      );
    });
  }

  it('a quick reply with the longest shortcut keeps its text readable, the shortcut above it', async () => {
    const shortcut = 'prazo-entrega-regiao-metro-01';
    const created = await apiFetch<{ data: { id: string } }>('/canned-replies', {
      method: 'POST',
      token: suite.admin.token,
      body: { shortcut, content: 'Entregamos na região metropolitana em até 2 dias úteis, {nome}.' },
    });
    try {
      const page = await suite.open({ viewport: VIEWPORTS.phone });
      await signIn(page, '/settings/canned-replies', suite.admin);
      const row = page.getByTestId('canned-reply-row').filter({ hasText: `/${shortcut}` });
      await row.waitFor();
      // Squeezed to no width, the text would never count as visible: measured once attached.
      const text = row.getByText('Entregamos na região metropolitana');
      await text.waitFor({ state: 'attached' });
      const code = (await row.getByText(`/${shortcut}`).boundingBox())!;
      const body = (await text.boundingBox())!;
      expect(body.width).toBeGreaterThan(200);
      expect(body.y).toBeGreaterThanOrEqual(code.y + code.height);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        VIEWPORTS.phone.width,
      );
    } finally {
      await apiFetch(`/canned-replies/${created.body.data.id}`, {
        method: 'DELETE',
        token: suite.admin.token,
      });
    }
  });

  it('the tab strip shows an arrow where more tabs hide, scrolls with it, and keeps the open tab in view', async () => {
    const page = await suite.open({ viewport: VIEWPORTS.phone });
    await signIn(page, '/settings/profile', suite.admin);
    const strip = page.getByRole('navigation', { name: 'Seções das configurações' });
    const more = page.getByRole('button', { name: 'Mais seções' });
    const back = page.getByRole('button', { name: 'Seções anteriores' });
    await more.waitFor();
    expect(await back.count()).toBe(0);
    const lastTab = strip.getByRole('link', { name: 'Auditoria' });
    const inView = async () => {
      const box = (await lastTab.boundingBox())!;
      return box.x >= 0 && box.x + box.width <= VIEWPORTS.phone.width;
    };
    expect(await inView()).toBe(false);

    for (let i = 0; i < 10 && (await more.isVisible()); i++) {
      await more.click();
      await page.waitForTimeout(500); // the strip scrolls smoothly
    }
    await expect.poll(inView).toBe(true);
    expect(await more.count()).toBe(0);
    await back.waitFor();

    await signIn(page, '/settings/audit', suite.admin);
    await lastTab.waitFor();
    await expect.poll(inView).toBe(true);
  });
});
