import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_ADMIN, DEMO_OPERATOR, formatPhone, type Inbox } from '@atende/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownServerData } from './support/api';
import { launchBrowser, newPage, type PageOptions, VIEWPORTS } from './support/browser';
import { repoRoot } from './support/server-env';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * What an operator sees first on the inbox: chips whole at 1440 px (who answers, waiting, the
 * inbox's name), phones formatted, and a phone's chat header on two rows. Its own server: it adds an
 * inbox with a long name, which every other file's lists would show.
 */

let server: TestServer | undefined;
let browser: Browser | undefined;
let adminToken = '';
const stamp = `${Date.now() % 1_000_000}`.padStart(6, '0');
const LONG_INBOX = 'WhatsApp Atacado e Varejo';
const people = {
  waiting: { phone: `5511977${stamp}`, name: `Heloísa Waitz ${stamp}` },
  held: { phone: `5521966${stamp}`, name: `Otília Held ${stamp}` },
  ai: { phone: `5531955${stamp}`, name: `Iara Bot ${stamp}` },
};
/** POLISH_SCREENSHOTS=1 saves them under docs/screenshots/polish. */
const shots = process.env.POLISH_SCREENSHOTS === '1' ? join(repoRoot, 'docs/screenshots/polish') : null;
async function shot(page: Page, name: string) {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: join(shots, `${name}.png`) });
}

const call = <T>(path: string, init: { method?: string; body?: unknown; token?: string } = {}) =>
  ownServerData<T>(server, path, init);
const login = async (credentials: { email: string; password: string }) =>
  (
    await call<{ token: string }>('/auth/login', {
      method: 'POST',
      body: { ...credentials, remember: false },
    })
  ).token;
const pair = async (inbox: Inbox | undefined) => {
  if (inbox?.status.pairingCode) {
    await call('/simulator/pair', {
      method: 'POST',
      token: adminToken,
      body: { code: inbox.status.pairingCode },
    });
  }
};

async function open(path: string, options: PageOptions = {}): Promise<Page> {
  if (!browser || !server) throw new Error('o navegador não abriu');
  const { page } = await newPage(browser, { ...options, baseURL: server.baseUrl });
  await page.goto('/login');
  await page.evaluate((value) => localStorage.setItem('auth_token', value), adminToken);
  await page.goto(path);
  return page;
}

/** The chips of the list rows whose text is cut (an ellipsis shown instead of the end). */
const truncatedChips = (page: Page) =>
  page.evaluate(() =>
    Array.from(
      document.querySelectorAll<HTMLElement>(
        '[data-testid="conversation-row"] :is([data-testid="handler-chip"], [data-testid="status-badge"], [data-testid="conversation-inbox"], [data-testid="waiting-time"]), [data-testid="conversation-row"] :is([data-testid="handler-chip"], [data-testid="waiting-time"]) span',
      ),
    )
      .filter((el) => el.scrollWidth > el.clientWidth + 1)
      .map((el) => el.textContent),
  );

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  adminToken = await login(DEMO_ADMIN);
  await pair((await call<Inbox[]>('/inboxes', { token: adminToken }))[0]);
  const created = await call<Inbox>('/inboxes', {
    method: 'POST',
    token: adminToken,
    body: { kind: 'simulator', name: LONG_INBOX },
  });
  await pair((await call<Inbox[]>('/inboxes', { token: adminToken })).find((i) => i.id === created.id));
  const inbound = (who: { phone: string; name: string }, text: string, inboxId?: string) =>
    call<{ conversationId: string }>('/simulator/inbound', {
      method: 'POST',
      token: adminToken,
      body: { ...who, text, ...(inboxId ? { inboxId } : {}) },
    });
  await inbound(people.ai, 'Qual o horário de funcionamento da loja?', created.id);
  await inbound(people.waiting, 'Quero falar com um atendente, por favor', created.id);
  const held = await inbound(people.held, 'Meu pedido veio trocado', created.id);
  const operator = await login(DEMO_OPERATOR);
  await call(`/conversations/${held.conversationId}/takeover`, { method: 'POST', token: operator });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('day-one polish of the inbox', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`at 1440 px (${colorScheme}) no chip of the list is cut: who answers, waiting, the inbox's name`, async () => {
      const page = await open('/conversations', { viewport: VIEWPORTS.desktop, colorScheme });
      const rows = page.getByTestId('conversation-row');
      for (const who of Object.values(people)) await rows.filter({ hasText: who.name }).waitFor();
      await rows.filter({ hasText: people.waiting.name }).getByTestId('waiting-time').waitFor();
      await rows.filter({ hasText: people.held.name }).getByText('Com Otávio Operador').waitFor();
      expect(
        await rows.getByTestId('conversation-inbox').filter({ hasText: LONG_INBOX }).count(),
      ).toBeGreaterThan(0);
      // Measured once the list has settled (fonts, the inbox names' query).
      await expect.poll(() => truncatedChips(page), { timeout: 5000 }).toEqual([]);
      await shot(page, `chips-desktop-${colorScheme}`);

      // The waiting conversation says so whole in its header too, with the customer's phone formatted.
      await rows.filter({ hasText: people.waiting.name }).click();
      const header = page.getByTestId('conversation-state');
      await header.getByText('Aguardando humano').waitFor();
      expect(await page.getByTestId('chat-phone').textContent()).toBe(
        `+55 11 977${stamp.slice(0, 2)}-${stamp.slice(2)}`,
      );
      await shot(page, `formatted-phone-chat-desktop-${colorScheme}`);
    });

    it(`on a phone (${colorScheme}) the inbox has the screen and the chat header holds every button on two rows`, async () => {
      const page = await open('/conversations', { viewport: VIEWPORTS.phone, colorScheme });
      // No footer under the list: the conversations get that room.
      await page.getByTestId('conversation-row').first().waitFor();
      expect(await page.getByRole('contentinfo').isVisible()).toBe(false);
      const listBottom = await page
        .getByTestId('conversation-row')
        .first()
        .evaluate((row) => row.closest('main')?.firstElementChild?.getBoundingClientRect().bottom ?? 0);
      expect(listBottom).toBeGreaterThan(VIEWPORTS.phone.height - 20);
      await shot(page, `inbox-phone-${colorScheme}`);
      await page.getByTestId('conversation-row').filter({ hasText: people.held.name }).click();
      await page.getByTestId('chat-title').waitFor();
      const resolve = page.getByRole('button', { name: 'Resolver', exact: true });
      const takeOver = page.getByRole('button', { name: 'Assumir', exact: true });
      await resolve.waitFor();
      const [resolveBox, takeOverBox, titleBox] = await Promise.all([
        resolve.boundingBox(),
        takeOver.boundingBox(),
        page.getByTestId('chat-title').boundingBox(),
      ]);
      if (!resolveBox || !takeOverBox || !titleBox) throw new Error('botões fora da tela');
      // One line of buttons right under the title's row, inside the screen.
      expect(Math.abs(resolveBox.y - takeOverBox.y)).toBeLessThan(2);
      expect(resolveBox.y - titleBox.y).toBeLessThan(60);
      expect(resolveBox.x + resolveBox.width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
      // Who answers stays readable beside them.
      const handler = page.getByTestId('conversation-state').getByTestId('handler-chip');
      expect(await handler.textContent()).toBe('Com Otávio Operador');
      expect(
        await handler.evaluate((chip) =>
          [chip, ...chip.querySelectorAll('span')].every((el) => el.scrollWidth <= el.clientWidth + 1),
        ),
      ).toBe(true);
      await shot(page, `chat-header-phone-${colorScheme}`);
    });
  }

  it('clients list and page show the phone formatted', async () => {
    const page = await open('/clients', { viewport: VIEWPORTS.desktop });
    const row = page.getByText(people.held.name).first();
    await row.waitFor();
    await page.getByText(formatPhone(people.held.phone)).first().waitFor();
    expect(formatPhone(people.held.phone)).toBe(`+55 21 966${stamp.slice(0, 2)}-${stamp.slice(2)}`);
  });
});
