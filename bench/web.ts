/**
 * Web budgets for /login:
 * - JavaScript transferred for /login ≤ 100 KiB gzip: every script Chromium loads for the page, gzipped (level 9);
 *   also printed (no budget): what the first interaction with the form adds (the data router, preloaded for sign-in);
 * - Lighthouse (mobile preset, simulated throttling), median of 3 runs: performance ≥ 95,
 *   accessibility 100, best practices 100.
 * Run `npm run build` first. Prints the figures with PASS/FAIL; exits 1 when a budget fails.
 */
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './lib/chromium.js';
import { freePort } from './lib/free-port.js';
import { LIGHTHOUSE_CATEGORIES, lighthouseScores } from './lib/lighthouse-scores.js';
import { startServer } from './lib/server-process.js';

const JS_BUDGET_KIB = 100;
const RUNS = 3;

const kib = (bytes: number) => bytes / 1024;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function measureJavaScript(url: string) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const scripts: Array<{ url: string; raw: number; gzip: number }> = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response.body().then((body) => {
        scripts.push({
          url: new URL(response.url()).pathname,
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
        });
      }),
    );
  });
  await page.goto(`${url}/login`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Entrar', exact: true }).waitFor();
  await Promise.all(pending);
  const onLoad = scripts.splice(0).sort((a, b) => b.gzip - a.gzip);
  // Informational: the signed-in app (data router) starts loading at the first interaction with the form.
  await page.getByLabel('E-mail').pressSequentially('a');
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  await Promise.all(pending);
  await browser.close();
  return { onLoad, onInteraction: scripts };
}

async function runLighthouse(url: string) {
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  try {
    const result = await lighthouse(`${url}/login`, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: LIGHTHOUSE_CATEGORIES,
    });
    if (!result) throw new Error('Lighthouse não retornou resultado');
    if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.message}`);
    const { audits } = result.lhr;
    return {
      ...lighthouseScores(result.lhr),
      lcp: audits['largest-contentful-paint']?.numericValue ?? 0,
      tbt: audits['total-blocking-time']?.numericValue ?? 0,
      cls: audits['cumulative-layout-shift']?.numericValue ?? 0,
    };
  } finally {
    await browser.close();
  }
}

const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

async function main() {
  if (!existsSync('apps/web/dist/index.html'))
    throw new Error('apps/web/dist não existe: rode `npm run build` antes.');
  const server = await startServer({ output: 'stderr' });
  let ok = true;
  try {
    const { onLoad: scripts, onInteraction } = await measureJavaScript(server.url);
    const totalGzip = scripts.reduce((sum, s) => sum + s.gzip, 0);
    const totalRaw = scripts.reduce((sum, s) => sum + s.raw, 0);
    console.info('\nJavaScript carregado por /login:');
    for (const s of scripts)
      console.info(
        `  ${kib(s.gzip).toFixed(1).padStart(6)} KiB gzip  ${kib(s.raw).toFixed(1).padStart(6)} KiB  ${s.url}`,
      );
    const jsOk = kib(totalGzip) <= JS_BUDGET_KIB;
    ok &&= jsOk;
    console.info(
      `${verdict(jsOk)}  JS /login: ${kib(totalGzip).toFixed(1)} KiB gzip (${kib(totalRaw).toFixed(1)} KiB sem compressão), ${scripts.length} arquivos; orçamento ≤ ${JS_BUDGET_KIB} KiB`,
    );
    const laterGzip = onInteraction.reduce((sum, s) => sum + s.gzip, 0);
    console.info(
      `      depois, na primeira interação com o formulário (roteador pré-carregado para entrar): +${kib(laterGzip).toFixed(1)} KiB gzip, ${onInteraction.length} arquivos (fora do orçamento de carregamento)`,
    );

    const runs = [];
    for (let i = 1; i <= RUNS; i++) {
      // A run the machine could not complete (runtime error under CPU contention) is retried once.
      const run = await runLighthouse(server.url).catch((error: unknown) => {
        console.warn(`Lighthouse ${i}: ${error instanceof Error ? error.message : error}; repetindo`);
        return runLighthouse(server.url);
      });
      console.info(
        `Lighthouse ${i}/${RUNS}: desempenho ${run.performance}, acessibilidade ${run.accessibility}, boas práticas ${run.bestPractices} (LCP ${Math.round(run.lcp)} ms, TBT ${Math.round(run.tbt)} ms, CLS ${run.cls.toFixed(3)})${run.failing.length ? ` — auditorias falhando: ${run.failing.join(', ')}` : ''}`,
      );
      runs.push(run);
    }
    const perf = median(runs.map((r) => r.performance));
    const a11y = median(runs.map((r) => r.accessibility));
    const bp = median(runs.map((r) => r.bestPractices));
    const checks: Array<[boolean, string]> = [
      [perf >= 95, `Lighthouse desempenho (mediana de ${RUNS}, mobile): ${perf}; orçamento ≥ 95`],
      [a11y >= 100, `Lighthouse acessibilidade (mediana de ${RUNS}, mobile): ${a11y}; orçamento 100`],
      [bp >= 100, `Lighthouse boas práticas (mediana de ${RUNS}, mobile): ${bp}; orçamento 100`],
    ];
    for (const [pass, text] of checks) {
      ok &&= pass;
      console.info(`${verdict(pass)}  ${text}`);
    }
  } finally {
    await server.stop();
  }
  process.exitCode = ok ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
