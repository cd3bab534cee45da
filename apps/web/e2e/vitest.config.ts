import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Browser tests: real server (global setup) + Debian Chromium via playwright-core.
 * One file at a time in one worker: the machine has two cores shared with the server and the browser.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // The contracts' source (their package exports point at the compiled dist).
  resolve: {
    alias: [
      {
        find: /^@atende\/contracts$/,
        replacement: fileURLToPath(new URL('../../../packages/contracts/src/index.ts', import.meta.url)),
      },
    ],
  },
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['**/*.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    setupFiles: ['./support/page-errors.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    maxWorkers: 1,
    pool: 'forks',
    retry: 0,
    // A page's first answer can take over a second while the server, the browser and the test share
    // two cores: polls wait as long as `waitFor` does, not vitest's default of 1 s.
    expect: { poll: { timeout: 10_000 } },
  },
});
