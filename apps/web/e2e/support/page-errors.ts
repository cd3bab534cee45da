import { afterEach } from 'vitest';
import { takeOpenedPages } from './browser';

/**
 * Setup file of every browser test: after each test, the pages it opened (support/browser.ts
 * `newPage`) must have logged no uncaught error and no console.error. Chromium's own "Failed to load
 * resource" lines are left out: a 4xx the app expects (a stale token's 401) logs one, and the tests
 * assert their HTTP outcomes themselves. A test that causes one on purpose empties `errors`.
 */
afterEach(() => {
  const errors = takeOpenedPages()
    .flatMap((opened) => opened.errors)
    .filter((error) => !/^Failed to load resource/.test(error));
  if (errors.length > 0) {
    throw new Error(
      `page errors or console.error lines in the browser:\n${errors.map((e) => `  ${e}`).join('\n')}`,
    );
  }
});
