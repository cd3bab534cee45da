import { type Browser, type BrowserContext, chromium, type Page, type WebSocketRoute } from 'playwright-core';
import { baseUrl, login, type Session } from './api';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const VIEWPORTS = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

/** `extraArgs`: more Chromium switches, e.g. a fake microphone the page can be refused. */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      ...extraArgs,
    ],
  });
}

export interface PageOptions {
  viewport?: { width: number; height: number };
  colorScheme?: 'light' | 'dark';
  /** Service workers stay off by default so one test's cache never leaks into another. */
  serviceWorkers?: 'allow' | 'block';
  /** Another server than the global setup's (a test file that starts its own, support/test-server.ts). */
  baseURL?: string;
  /** A touch screen: taps are touch events, as on a phone. */
  hasTouch?: boolean;
}

export interface TestPage {
  page: Page;
  context: BrowserContext;
  /** Uncaught page errors and console.error lines seen so far. */
  errors: string[];
}

/** Pages opened since the last `takeOpenedPages()`: support/page-errors.ts checks each test's. */
const openedPages: TestPage[] = [];

export function takeOpenedPages(): TestPage[] {
  return openedPages.splice(0);
}

/**
 * A fresh, isolated context (own storage) and page at the test server's origin. Its uncaught errors
 * and console.error lines fail the test (support/page-errors.ts) unless the test empties `errors`
 * after causing them on purpose.
 */
export async function newPage(browser: Browser, options: PageOptions = {}): Promise<TestPage> {
  const context = await browser.newContext({
    baseURL: options.baseURL ?? baseUrl(),
    viewport: options.viewport ?? VIEWPORTS.desktop,
    colorScheme: options.colorScheme ?? 'light',
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    serviceWorkers: options.serviceWorkers ?? 'block',
    hasTouch: options.hasTouch ?? false,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const opened = { page, context, errors };
  openedPages.push(opened);
  return opened;
}

/** Signs in without the UI: stores a fresh API token, then opens `path` (default /dashboard). */
export async function signIn(page: Page, path = '/dashboard', session?: Session): Promise<Session> {
  const active = session ?? (await login());
  await page.goto('/login');
  await page.evaluate((token) => localStorage.setItem('auth_token', token), active.token);
  await page.goto(path);
  return active;
}

/** Signs in through the login form with the demonstration-credentials button. */
export async function signInWithDemoBox(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByRole('button', { name: /credenciais de demonstração/i }).click();
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await page.waitForURL('**/dashboard');
}

/**
 * Lets the page's socket connect and authenticate but holds back its `join:dashboard` frames until
 * `release()`: events sent meanwhile go to a room the page is not in. Call before the page loads.
 */
export async function holdDashboardJoin(page: Page): Promise<{ held(): number; release(): void }> {
  let held: Array<string | Buffer> | null = [];
  const servers: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    const server = ws.connectToServer();
    servers.push(server);
    ws.onMessage((message) => {
      if (held && String(message).includes('"join:dashboard"')) held.push(message);
      else server.send(message);
    });
  });
  return {
    held: () => held?.length ?? 0,
    release() {
      for (const message of held ?? []) servers.at(-1)?.send(message);
      held = null;
    },
  };
}
