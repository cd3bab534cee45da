import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { loginAsAdmin, pairSimulator, type Session } from './api';
import { launchBrowser, newPage, type PageOptions, type TestPage } from './browser';

export interface AdminBrowser {
  /** The demo admin, signed in through the API once for the file. */
  readonly admin: Session;
  /** The page the running test opened, if any (its `errors` can be emptied after an expected one). */
  readonly current: TestPage | null;
  /** A fresh, isolated page; closed after the test. */
  open(options?: PageOptions): Promise<Page>;
}

/**
 * A browser-test file's shared setup: one Chromium for the file, the demo admin signed in and the
 * simulated WhatsApp paired, and one page per test, closed after it.
 */
export function adminBrowserSuite(): AdminBrowser {
  let browser: Browser | undefined;
  let admin: Session | undefined;
  let current: TestPage | null = null;

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await loginAsAdmin();
    await pairSimulator(admin.token);
  });
  afterEach(async () => {
    await current?.context.close();
    current = null;
  });
  afterAll(async () => {
    await browser?.close();
  });

  return {
    get admin() {
      if (!admin) throw new Error('adminBrowserSuite: the admin signs in in beforeAll');
      return admin;
    },
    get current() {
      return current;
    },
    async open(options = {}) {
      if (!browser) throw new Error('adminBrowserSuite: the browser starts in beforeAll');
      current = await newPage(browser, options);
      return current.page;
    },
  };
}
