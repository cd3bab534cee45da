import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
/** Tests run on the contracts' source; the package's exports point at its compiled dist. */
const contracts = { find: /^@atende\/contracts$/, replacement: here('./packages/contracts/src/index.ts') };
/** The optional linked-device package, from source (absent package: the import fails, as in production). */
const linkedDevice = {
  find: /^@atende\/channel-whatsapp-web$/,
  replacement: here('./packages/channel-whatsapp-web/src/index.ts'),
};
/** Fails a test that logs an unexpected console.error (see tests/setup/fail-on-console-error.ts). */
const failOnConsoleError = here('./tests/setup/fail-on-console-error.ts');

export default defineConfig({
  test: {
    // Vitest's default is one worker per core but one (two here): most server files wait on sockets,
    // child servers and databases rather than compute, so three overlap those waits (7 min, not 17).
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'contracts',
          root: 'packages/contracts',
          environment: 'node',
          setupFiles: [failOnConsoleError],
        },
      },
      // The optional linked-device package's own unit tests, when it is installed.
      ...(existsSync(here('./packages/channel-whatsapp-web'))
        ? [
            {
              resolve: { alias: [contracts] },
              test: {
                name: 'channel-whatsapp-web',
                root: 'packages/channel-whatsapp-web',
                environment: 'node',
                setupFiles: [failOnConsoleError],
              },
            },
          ]
        : []),
      // The scripts that start the compiled server (npm start, npm run cluster).
      { test: { name: 'scripts', root: 'scripts', environment: 'node', setupFiles: [failOnConsoleError] } },
      {
        resolve: { alias: [contracts, linkedDevice] },
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 30_000,
          setupFiles: [failOnConsoleError],
        },
      },
      {
        resolve: { alias: [{ find: '@', replacement: here('./apps/web/src') }, contracts] },
        test: {
          name: 'web',
          root: 'apps/web',
          environment: 'happy-dom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: [failOnConsoleError, 'src/test/setup.ts'],
        },
      },
    ],
  },
});
