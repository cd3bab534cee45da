/**
 * Inbox budgets with 10,000 conversations and one chat of 5,000 messages, on the built
 * web app served by the real server, in Chromium:
 *   - navigation → first conversation rows on screen            ≤ 500 ms
 *   - open the 5,000-message chat → its newest message visible  ≤ 600 ms
 *   - search keystroke → screen updated (after paint)           ≤ 30 ms (p95)
 *   - scroll frame time p95 (conversation list and chat)        ≤ 25 ms
 *   - DOM nodes on the whole page                               ≤ 1,500
 *
 *   npm run build && npm run bench:inbox
 * Prints figures and PASS/FAIL; exits 1 on a FAIL.
 */

import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { type SeedResult, seedInbox } from './inbox-seed.js';
import { signIn } from './lib/api-client.js';
import { CHROMIUM, CHROMIUM_ARGS } from './lib/chromium.js';
import { ROOT } from './lib/repo-root.js';
import { startServer } from './lib/server-process.js';
import { percentile } from './lib/stats.js';

const DIST = join(ROOT, 'apps/web/dist');
const ADMIN = { email: 'bench@atende.local', password: 'bench-inbox-123' };
const BUDGETS = { firstRowsMs: 500, newestMs: 600, keystrokeMs: 30, frameP95Ms: 25, domNodes: 1500 };
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** Pixels per animation frame: 40 px at 60 Hz is a brisk 2,400 px/s fling. */
const SCROLL_STEP = Number(process.env.BENCH_SCROLL_STEP ?? 40);

let failed = false;
function line(label: string, value: string, ok: boolean, budget: string): void {
  if (!ok) failed = true;
  console.info(`${label.padEnd(52)} ${value.padStart(10)}  ${budget.padEnd(10)} ${ok ? 'PASS' : 'FAIL'}`);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

/** Records, from the navigation start, when the first conversation row is on screen. */
const FIRST_ROW_PROBE = `
  new MutationObserver((_, observer) => {
    if (document.querySelector('[data-testid="conversation-row"]')) {
      window.__firstRowAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
`;

async function timeToFirstRows(page: Page, url: string): Promise<number> {
  await page.goto(`${url}/conversations`);
  await page.waitForFunction(
    () => (window as unknown as { __firstRowAt?: number }).__firstRowAt !== undefined,
  );
  return page.evaluate(() => (window as unknown as { __firstRowAt: number }).__firstRowAt);
}

async function timeToNewestMessage(page: Page, seed: SeedResult): Promise<number> {
  return page.evaluate(
    async ({ id, messageId }) => {
      const row = document.querySelector<HTMLElement>(`[data-conversation-id="${id}"]`);
      if (!row) throw new Error('linha da conversa longa não encontrada');
      const t0 = performance.now();
      row.click();
      return new Promise<number>((done) => {
        const check = () => {
          const bubble = document.querySelector(`[data-message-id="${messageId}"]`);
          const list = document.querySelector('[data-testid="message-list"]');
          if (bubble && list) {
            const b = bubble.getBoundingClientRect();
            const l = list.getBoundingClientRect();
            if (b.bottom <= l.bottom + 1 && b.top >= l.top - 1) return done(performance.now() - t0);
          }
          requestAnimationFrame(check);
        };
        check();
      });
    },
    { id: seed.bigConversationId, messageId: seed.newestMessageId },
  );
}

/** keydown → the frame after React has rendered the filtered rows has been painted. */
async function keystrokeLatencies(page: Page): Promise<number[]> {
  const input = page.getByRole('searchbox', { name: 'Buscar conversas' });
  await input.evaluate((el) => {
    const w = window as unknown as { __keys: number[] };
    w.__keys = [];
    el.addEventListener('keydown', (event) => {
      const t0 = event.timeStamp;
      requestAnimationFrame(() => setTimeout(() => w.__keys.push(performance.now() - t0), 0));
    });
  });
  await input.click();
  for (const term of ['maria', 'pix', 'souza 1']) {
    await input.pressSequentially(term, { delay: 60 });
    await page.waitForTimeout(500); // let the debounced server query land between terms
    await input.fill('');
    await page.waitForTimeout(500);
  }
  return page.evaluate(() => (window as unknown as { __keys: number[] }).__keys);
}

/** Scrolls an element for `frames` animation frames and returns the frame intervals. */
async function scrollFrames(page: Page, selector: string, step: number, frames: number): Promise<number[]> {
  return page.evaluate(
    ({ selector, step, frames }) =>
      new Promise<number[]>((done) => {
        const el = document.querySelector(selector);
        if (!el) throw new Error(`sem ${selector}`);
        const intervals: number[] = [];
        let last = performance.now();
        let n = 0;
        const tick = (now: number) => {
          intervals.push(now - last);
          last = now;
          el.scrollTop += step;
          if (++n < frames) requestAnimationFrame(tick);
          else done(intervals.slice(2));
        };
        requestAnimationFrame(tick);
      }),
    { selector, step, frames },
  );
}

async function main(): Promise<void> {
  if (!existsSync(join(DIST, 'index.html')))
    throw new Error('apps/web/dist não existe: rode `npm run build`.');
  const dataDir = mkdtempSync(join(tmpdir(), 'atende-bench-inbox-'));
  const databaseUrl = join(dataDir, 'atende.db');
  const seedStart = Date.now();
  const seed = await seedInbox(databaseUrl);
  console.info(
    `Dados: 10.000 conversas + 5.000 mensagens em ${((Date.now() - seedStart) / 1000).toFixed(1)} s`,
  );
  const server = await startServer({ databaseUrl, admin: ADMIN });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const auth = await signIn(server.url, ADMIN);
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'pt-BR' });
    await context.addInitScript((t) => localStorage.setItem('auth_token', t), auth);
    await context.addInitScript(FIRST_ROW_PROBE);
    // tsx keeps function names with a `__name` helper that page.evaluate code does not have.
    await context.addInitScript('window.__name = (fn) => fn;');
    const page = await context.newPage();
    await page.goto(`${server.url}/dashboard`); // warm the HTTP cache of the app shell once

    await timeToFirstRows(page, server.url); // warm-up (route chunk in the HTTP cache, server JIT)
    await page.waitForTimeout(300);
    const firstRows: number[] = [];
    const newest: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      firstRows.push(await timeToFirstRows(page, server.url));
      await page.waitForTimeout(300);
      newest.push(await timeToNewestMessage(page, seed));
      await page.waitForTimeout(300);
    }
    const keys = await keystrokeLatencies(page);
    const idleFrames = await scrollFrames(page, 'body', 0, 60);
    const listFrames = await scrollFrames(page, '[data-testid="conversation-list"]', SCROLL_STEP, 240);
    const chatFrames = await scrollFrames(page, '[data-testid="message-list"]', -SCROLL_STEP, 240);
    const domNodes = await page.evaluate(() => document.getElementsByTagName('*').length);
    const loadedRows = await page.evaluate(
      () => document.querySelectorAll('[data-testid="conversation-row"]').length,
    );

    console.info('');
    console.info(`${'Medida'.padEnd(52)} ${'valor'.padStart(10)}  orçamento`);
    const firstMs = median(firstRows);
    line(
      `Primeiras linhas após navegação (mediana de ${RUNS})`,
      `${firstMs.toFixed(0)} ms`,
      firstMs <= BUDGETS.firstRowsMs,
      `≤ ${BUDGETS.firstRowsMs} ms`,
    );
    const newestMs = median(newest);
    line(
      `Mensagem mais recente do chat de 5.000 (mediana)`,
      `${newestMs.toFixed(0)} ms`,
      newestMs <= BUDGETS.newestMs,
      `≤ ${BUDGETS.newestMs} ms`,
    );
    const keyP95 = percentile(keys, 95);
    line(
      `Tecla no filtro → tela, p95 (${keys.length} teclas)`,
      `${keyP95.toFixed(1)} ms`,
      keyP95 <= BUDGETS.keystrokeMs,
      `≤ ${BUDGETS.keystrokeMs} ms`,
    );
    const listP95 = percentile(listFrames, 95);
    line(
      'Quadro de rolagem p95 — lista de conversas',
      `${listP95.toFixed(1)} ms`,
      listP95 <= BUDGETS.frameP95Ms,
      `≤ ${BUDGETS.frameP95Ms} ms`,
    );
    const chatP95 = percentile(chatFrames, 95);
    line(
      'Quadro de rolagem p95 — chat (carrega anteriores)',
      `${chatP95.toFixed(1)} ms`,
      chatP95 <= BUDGETS.frameP95Ms,
      `≤ ${BUDGETS.frameP95Ms} ms`,
    );
    line(
      'Nós no DOM (página inteira)',
      String(domNodes),
      domNodes <= BUDGETS.domNodes,
      `≤ ${BUDGETS.domNodes}`,
    );
    console.info(
      `(quadro ocioso p95: ${percentile(idleFrames, 95).toFixed(1)} ms; rolagem de ${SCROLL_STEP} px por quadro)`,
    );
    console.info(
      `(linhas de conversa renderizadas: ${loadedRows}; amostras: primeiras linhas ${firstRows.map((x) => x.toFixed(0)).join('/')} ms, mensagem ${newest.map((x) => x.toFixed(0)).join('/')} ms)`,
    );
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.info(failed ? '\nRESULTADO: FAIL' : '\nRESULTADO: PASS');
  if (failed) process.exitCode = 1;
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});
