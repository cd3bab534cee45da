import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiFetch, pairSimulator, postInbound } from './support/api';
import { holdDashboardJoin, signIn, VIEWPORTS } from './support/browser';
import { adminBrowserSuite } from './support/suite';

const CARD_TITLES = ['Conversas Hoje', 'Taxa de Conversão', 'Tempo Médio de Resposta', 'Clientes Ativos'];
const CHARTS = [
  ['Conversas por Hora', 'Últimas 24 horas'],
  ['Taxa de Conversão', 'Últimos 7 dias'],
  ['Tempo de Resposta', 'Últimas 24 horas'],
  ['Crescimento de Clientes', 'Últimos 30 dias'],
] as const;
const CHART_IDS = ['conversations', 'conversions', 'responseTime', 'clientGrowth'];

const suite = adminBrowserSuite();
const open = suite.open;

/** Waits until the four metric cards hold values. */
async function waitForCards(page: Page) {
  await page.getByTestId('stat-card-activeClients').waitFor();
}

const statValue = (page: Page, id: string) =>
  page.getByTestId(`stat-card-${id}`).getByTestId('stat-value').textContent();

/**
 * Tests of loading and failure states run without live pushes: a `system:metrics` or `system:health`
 * push (every 10 s) would rightly fill the very part the test is looking at.
 */
async function blockRealtime(page: Page) {
  await page.routeWebSocket(/\/socket\.io\//, (ws) => ws.close());
  await page.route('**/socket.io/**', (route) => route.abort());
}

const toInt = (text: string | null) => Number.parseInt((text ?? '').replace(/\./g, ''), 10);

describe('dashboard', () => {
  it('shows the header, the four cards, the four charts, health, activity and the WhatsApp card', async () => {
    const page = await open();
    await signIn(page, '/dashboard', suite.admin);
    await waitForCards(page);

    await expect
      .poll(() => page.getByTestId('last-update').textContent())
      .toMatch(/^Última atualização: \d{2}:\d{2}$/);
    await expect.poll(() => page.getByTestId('whatsapp-indicator').textContent()).toBe('WhatsApp conectado');
    expect(await page.getByRole('button', { name: 'Atualizar' }).isVisible()).toBe(true);

    for (const title of CARD_TITLES) {
      expect(await page.getByRole('heading', { name: title, exact: true, level: 3 }).isVisible()).toBe(true);
    }
    expect(await statValue(page, 'conversations')).toMatch(/^\d[\d.]*$/);
    expect(await statValue(page, 'conversion')).toMatch(/^\d+,\d%$/);
    // The one duration formatter: '8,5 s', '38 s', '2 min 5 s', '2 h 46 min', '< 1 s'.
    expect(await statValue(page, 'responseTime')).toMatch(
      /^(< 1 s|\d+(,\d)? s|\d+ min( \d+ s)?|\d+ h( \d+ min)?)$/,
    );
    expect(await statValue(page, 'activeClients')).toMatch(/^\d[\d.]*$/);
    expect(await page.getByTestId('stat-period').allTextContents()).toEqual([
      'vs. ontem',
      'vs. semana passada',
      'vs. ontem',
      'vs. ontem',
    ]);

    for (const [title, subtitle] of CHARTS) {
      const region = page.getByRole('region', { name: title });
      expect(await region.isVisible()).toBe(true);
      expect(await region.getByText(subtitle).isVisible()).toBe(true);
    }
    // Charts are created as they come near the viewport.
    for (const id of CHART_IDS) {
      await page.getByTestId(`chart-${id}`).scrollIntoViewIfNeeded();
      await page.getByTestId(`chart-${id}`).locator('canvas').waitFor();
    }
    const heights = await Promise.all(
      CHART_IDS.map((id) =>
        page.getByTestId(`chart-${id}`).evaluate((el) => el.getBoundingClientRect().height),
      ),
    );
    expect(heights).toEqual([300, 300, 300, 350]); // 350 only for client growth

    const health = page.getByRole('region', { name: 'Saúde do Sistema' });
    await health.getByTestId('health-system').first().waitFor();
    expect(await health.getByTestId('health-percentage').textContent()).toMatch(/^\d{1,3},\d%$/);
    expect(await health.getByRole('progressbar').isVisible()).toBe(true);
    const systems = await health.getByTestId('health-system').allTextContents();
    for (const line of systems) expect(line).toMatch(/(\d+ ms|N\/A)/);

    const activity = page.getByRole('region', { name: 'Atividades Recentes' });
    expect(await activity.getByRole('link', { name: 'Ver todas' }).isVisible()).toBe(true);
    const items = await activity.getByTestId('activity-item').count();
    expect(items).toBeGreaterThan(0);
    expect(items).toBeLessThanOrEqual(10);

    const whatsapp = page.getByRole('region', { name: 'Conexão WhatsApp' });
    await whatsapp.getByTestId('whatsapp-connected').waitFor();
    expect(await whatsapp.getByText('Simulador').isVisible()).toBe(true);
    expect(suite.current?.errors).toEqual([]);
  });

  it('updates the cards, the charts and the activity list live when a customer writes', async () => {
    const page = await open();
    await signIn(page, '/dashboard', suite.admin);
    await waitForCards(page);
    await page.getByTestId('chart-conversations').locator('canvas').waitFor();
    // Let the socket join the dashboard room before the event.
    await page.waitForFunction(() => document.querySelector('[data-testid="activity-list"]') !== null);
    await page.waitForTimeout(500);
    await page.evaluate(() => {
      (window as unknown as { __noReload: boolean }).__noReload = true;
    });
    // The chart is updated in place (no remount, so no re-animation from zero).
    const canvas = page.getByTestId('chart-conversations').locator('canvas');
    await canvas.evaluate((el) => el.setAttribute('data-marker', 'same-chart'));

    const before = toInt(await statValue(page, 'conversations'));
    const chartLabel = () =>
      page.getByTestId('chart-conversations').locator('canvas').getAttribute('aria-label');
    const lastHour = (label: string | null) => Number(/: (\d+) conversas? em/.exec(label ?? '')?.[1] ?? -1);
    const hourBefore = lastHour(await chartLabel());

    const name = `Cliente E2E ${Date.now()}`;
    const phone = `5511${String(Date.now()).slice(-9)}`;
    await postInbound(suite.admin.token, { phone, name, text: 'Olá, vocês entregam hoje?' });

    await expect
      .poll(async () => toInt(await statValue(page, 'conversations')), { timeout: 8000 })
      .toBe(before + 1);
    await expect.poll(async () => lastHour(await chartLabel()), { timeout: 8000 }).toBe(hourBefore + 1);
    // The agent may answer (or hand off) right after, so the new activity need not stay first.
    const ours = page.getByTestId('activity-item').filter({ hasText: `${name} iniciou uma conversa` });
    await ours.waitFor({ timeout: 8000 });
    expect(await ours.textContent()).toContain('Agora');
    expect(await page.getByTestId('activity-item').count()).toBeLessThanOrEqual(10);
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    expect(await canvas.getAttribute('data-marker')).toBe('same-chart');
  });

  it('shows an activity that happened before the socket got into the dashboard room', async () => {
    const page = await open();
    const join = await holdDashboardJoin(page);
    await signIn(page, '/dashboard', suite.admin);
    await page.getByTestId('activity-list').waitFor();
    await expect.poll(() => join.held()).toBe(1);

    const name = `Cliente Fora da Sala ${Date.now()}`;
    await postInbound(suite.admin.token, { phone: `5511${String(Date.now()).slice(-9)}`, name, text: 'Oi!' });
    const ours = page.getByTestId('activity-item').filter({ hasText: `${name} iniciou uma conversa` });
    await page.waitForTimeout(300);
    expect(await ours.count()).toBe(0); // its analytics:update went to a room the page was not in
    join.release();
    // No event will bring it: the activity list fetched again once the socket is in the room does.
    await ours.waitFor({ timeout: 10_000 });
  });

  it('shows "Carregando dashboard..." while the first answer is on its way', async () => {
    const page = await open();
    await blockRealtime(page);
    // The stats answer is held until the test has seen the loading state (no race with a slow load).
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/dashboard/stats', async (route) => {
      await released;
      await route.continue().catch(() => {
        // The page may have given up on this request (navigation); nothing to answer.
      });
    });
    await signIn(page, '/dashboard', suite.admin);
    await page.getByText('Carregando dashboard...').waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('stat-card-skeleton').count()).toBe(4);
    release();
    await waitForCards(page);
    expect(await page.getByText('Carregando dashboard...').count()).toBe(0);
    if (suite.current) suite.current.errors.length = 0; // the blocked socket logs connection errors
  });

  it('a failed stats call shows the retry state, and retry recovers', async () => {
    const page = await open();
    await blockRealtime(page);
    let fail = true;
    await page.route('**/api/dashboard/stats', async (route) => {
      if (!fail) return route.continue();
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, message: 'Erro interno do servidor', code: 'INTERNAL' }),
      });
    });
    await signIn(page, '/dashboard', suite.admin);
    const alert = page.getByTestId('stats-error');
    await alert.waitFor({ timeout: 10_000 });
    expect(await alert.textContent()).toContain('Erro ao carregar dados do dashboard');
    expect(await alert.textContent()).toContain('Erro interno do servidor');
    // The other parts still load.
    await page
      .getByRole('region', { name: 'Saúde do Sistema' })
      .getByTestId('health-system')
      .first()
      .waitFor();

    fail = false;
    await page.getByRole('button', { name: 'Tentar novamente' }).click();
    await waitForCards(page);
    expect(await page.getByTestId('stats-error').count()).toBe(0);
    if (suite.current) suite.current.errors.length = 0; // the 500s were logged on purpose
  });

  it('a failure of health, activity, charts or WhatsApp status leaves only that part empty', async () => {
    const page = await open();
    const fail = (route: import('playwright-core').Route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"success":false,"message":"x"}',
      });
    await blockRealtime(page);
    await page.route('**/api/dashboard/health', fail);
    // The charts' call carries its period and filters in the query.
    await page.route(/\/api\/analytics(\?|$)/, fail);
    await page.route('**/api/whatsapp/status', fail);
    await page.route('**/api/dashboard/activity', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"success":true,"data":[]}' }),
    );
    await signIn(page, '/dashboard', suite.admin);
    await waitForCards(page);
    await page.getByText('Status indisponível').waitFor({ timeout: 10_000 });
    await page.getByText('Nenhuma atividade recente').waitFor();
    await page.getByText('Erro ao carregar dados dos gráficos').first().waitFor();
    expect(await page.getByText('Erro ao carregar dados dos gráficos').count()).toBe(4);
    await page.getByText('Erro ao carregar status do WhatsApp').waitFor();
    for (const title of CARD_TITLES) {
      expect(await page.getByRole('heading', { name: title, exact: true, level: 3 }).isVisible()).toBe(true);
    }
    if (suite.current) suite.current.errors.length = 0; // the failures and the blocked socket were logged on purpose
  });

  it('pairs the simulated WhatsApp from the QR card, then reconnects', async () => {
    const page = await open();
    const unpaired = await apiFetch('/simulator/unpair', { method: 'POST', token: suite.admin.token });
    expect(unpaired.status).toBe(200);
    try {
      await signIn(page, '/dashboard', suite.admin);
      const card = page.getByRole('region', { name: 'Conexão WhatsApp' });
      await card.getByTestId('whatsapp-qr').waitFor();
      await expect
        .poll(() => page.getByTestId('whatsapp-indicator').textContent())
        .toBe('WhatsApp desconectado');
      expect(await card.getByText('Aparelhos conectados').isVisible()).toBe(true);
      expect(await card.getByText('Conectar um aparelho').isVisible()).toBe(true);
      expect(await card.getByTestId('whatsapp-qr').getAttribute('src')).toMatch(/^data:image\/svg\+xml/);

      await card.getByRole('button', { name: 'Parear simulador' }).click();
      await card.getByTestId('whatsapp-connected').waitFor();
      await expect
        .poll(() => page.getByTestId('whatsapp-indicator').textContent())
        .toBe('WhatsApp conectado');

      const reconnect = page.waitForResponse('**/api/reconnect-whatsapp');
      await card.getByRole('button', { name: 'Reconectar' }).click();
      expect((await reconnect).status()).toBe(200);
      await card.getByTestId('whatsapp-connected').waitFor();

      await page.route('**/api/reconnect-whatsapp', (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"success":false,"message":"x"}',
        }),
      );
      await card.getByRole('button', { name: 'Reconectar' }).click();
      await page.getByText('Erro ao reconectar WhatsApp').first().waitFor();
    } finally {
      await pairSimulator(suite.admin.token);
      if (suite.current) suite.current.errors.length = 0;
    }
  });

  it('the refresh button refetches every part', async () => {
    const page = await open();
    await signIn(page, '/dashboard', suite.admin);
    await waitForCards(page);
    await page.getByTestId('activity-list').waitFor();
    const calls = new Set<string>();
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/')) calls.add(path);
    });
    await page.getByRole('button', { name: 'Atualizar' }).click();
    // Every part of the dashboard is fetched again (the page's other lists, the filters' and the
    // sidebar's, may refresh in the same seconds: they are not the button's).
    await expect
      .poll(() => [...calls].sort())
      .toEqual(
        expect.arrayContaining([
          '/api/analytics',
          '/api/dashboard/activity',
          '/api/dashboard/health',
          '/api/dashboard/stats',
          '/api/inboxes',
          '/api/whatsapp/status',
        ]),
      );
  });

  it('renders in dark mode with dark surfaces and the charts drawn', async () => {
    const page = await open({ colorScheme: 'dark' });
    await signIn(page, '/dashboard', suite.admin);
    await waitForCards(page);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    const background = await page
      .getByTestId('stat-card-conversations')
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    // slate-900 surface, not white.
    expect(background).not.toBe('rgb(255, 255, 255)');
    await page.getByTestId('chart-clientGrowth').scrollIntoViewIfNeeded();
    await page.getByTestId('chart-clientGrowth').locator('canvas').waitFor();
    expect(suite.current?.errors).toEqual([]);
  });

  it('lays the cards out 4-up on desktop, 2-up on tablet and 1-up on phone', async () => {
    for (const [width, height, perRow] of [
      [1440, 900, 4],
      [768, 1024, 2],
      [390, 844, 1],
    ] as const) {
      const page = await open({ viewport: { width, height } });
      await signIn(page, '/dashboard', suite.admin);
      await waitForCards(page);
      const tops = await page
        .locator('[data-testid^="stat-card-"]')
        .evaluateAll((cards) => cards.map((card) => Math.round(card.getBoundingClientRect().top)));
      expect(tops.filter((top) => top === tops[0]).length).toBe(perRow);
      await suite.current?.context.close();
    }
  });

  it('lays the charts out in even rows: the three 300 px charts side by side, client growth below', async () => {
    const page = await open();
    await signIn(page, '/dashboard', suite.admin);
    const boxes = await Promise.all(
      CHARTS.map(([title]) => page.getByRole('region', { name: title }).evaluate(boxOf)),
    );
    const [conversations, conversions, responseTime, growth] = boxes as [Box, Box, Box, Box];
    expect(new Set([conversations.top, conversions.top, responseTime.top]).size).toBe(1);
    expect(new Set([conversations.height, conversions.height, responseTime.height]).size).toBe(1);
    expect(growth.top).toBeGreaterThan(conversions.bottom);
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`draws the conversion chart's last x label whole, inside the canvas (${colorScheme})`, async () => {
      const page = await open({ colorScheme });
      await signIn(page, '/dashboard', suite.admin);
      const chart = page.getByTestId('chart-conversions');
      await chart.scrollIntoViewIfNeeded({ timeout: 30_000 });
      const canvas = chart.locator('canvas');
      await canvas.waitFor({ timeout: 30_000 });
      await page.waitForTimeout(600); // the entry animation
      const { width, labelRight } = await canvas.evaluate(lastXLabelRight);
      expect(labelRight).toBeGreaterThan(width - 60); // it is the last label ('23/11'), right-most
      expect(labelRight).toBeLessThan(width - 4); // with a clear margin: not cut at the edge
    });
  }

  for (const viewport of [VIEWPORTS.desktop, { width: 768, height: 1024 }]) {
    it(`no bottom-row card is stretched into a tall empty box (${viewport.width} px)`, async () => {
      const page = await open({ viewport });
      await signIn(page, '/dashboard', suite.admin);
      await page
        .getByRole('region', { name: 'Conexão WhatsApp' })
        .getByTestId('whatsapp-connected')
        .waitFor();
      await page
        .getByRole('region', { name: 'Saúde do Sistema' })
        .getByTestId('health-system')
        .first()
        .waitFor();
      await page.getByTestId('activity-list').waitFor();
      for (const name of ['Conexão WhatsApp', 'Saúde do Sistema', 'Atividades Recentes']) {
        const extra = await page.getByRole('region', { name }).evaluate((card) => {
          const shown = card.getBoundingClientRect().height;
          const style = (card as HTMLElement).style;
          style.alignSelf = 'start';
          style.flexGrow = '0';
          const natural = card.getBoundingClientRect().height;
          style.alignSelf = '';
          style.flexGrow = '';
          return shown - natural;
        });
        expect(extra, name).toBeLessThan(24);
      }
    });
  }

  for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.phone]) {
    it(`keeps the header whole in the error state (${viewport.width} px)`, async () => {
      const page = await open({ viewport });
      await blockRealtime(page);
      await page.route('**/api/dashboard/stats', (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"success":false,"message":"x"}',
        }),
      );
      await signIn(page, '/dashboard', suite.admin);
      await page.getByTestId('stats-error').waitFor({ timeout: 30_000 }); // after one retry
      await page
        .getByRole('region', { name: 'Saúde do Sistema' })
        .getByTestId('health-system')
        .first()
        .waitFor();
      await expect
        .poll(() => page.getByTestId('last-update').textContent())
        .toMatch(/^Última atualização: \d{2}:\d{2}$/);
      const title = await page.getByRole('heading', { name: 'Dashboard', level: 1 }).evaluate(boxOf);
      const lastUpdate = await page.getByTestId('last-update').evaluate(boxOf);
      const indicator = await page.getByTestId('whatsapp-indicator').evaluate(boxOf);
      const refresh = await page.getByRole('button', { name: 'Atualizar' }).evaluate(boxOf);
      if (viewport === VIEWPORTS.desktop) {
        // Beside the title block, centred on it, the badge and the button on one line.
        const middle = (title.top + lastUpdate.bottom) / 2;
        expect(Math.abs((indicator.top + indicator.bottom) / 2 - middle)).toBeLessThan(4);
        expect(indicator.top).toBe(refresh.top);
      } else {
        expect(indicator.top).toBeGreaterThanOrEqual(lastUpdate.bottom);
      }
      if (suite.current) suite.current.errors.length = 0; // the 500 and the blocked socket were logged on purpose
    });
  }
});

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
  height: number;
}

function boxOf(element: Element): Box {
  const { top, bottom, left, right, height } = element.getBoundingClientRect();
  return { top, bottom, left, right, height };
}

/**
 * The right-most drawn pixel of the x-axis labels, in canvas pixels: the labels are what is drawn below
 * the axis line (the lowest row drawn across most of the width).
 */
function lastXLabelRight(canvas: HTMLCanvasElement): { width: number; labelRight: number } {
  const { width, height } = canvas;
  const pixels = canvas.getContext('2d')!.getImageData(0, 0, width, height).data;
  // Inline alpha checks (no inner helper): this function runs in the page, serialised as written.
  let axis = height - 1;
  for (let y = height - 1; y > height / 2; y--) {
    let count = 0;
    for (let x = 0; x < width; x++) if ((pixels[(y * width + x) * 4 + 3] ?? 0) > 40) count++;
    if (count > width / 2) {
      axis = y;
      break;
    }
  }
  let labelRight = -1;
  for (let y = axis + 2; y < height; y++) {
    for (let x = width - 1; x > labelRight; x--) {
      if ((pixels[(y * width + x) * 4 + 3] ?? 0) > 40) labelRight = x;
    }
  }
  return { width, labelRight };
}
