import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../..');
/** The built web app; `E2E_WEB_DIST` points at another build (e.g. one made with `vite build --outDir`). */
export const webDist = process.env.E2E_WEB_DIST ?? join(repoRoot, 'apps/web/dist');

/**
 * The environment of a server the browser tests start: on `port`, its SQLite file in `dataDir`, demo
 * data, no simulated traffic, serving the built web app; `extra` adds or overrides.
 */
export function serverEnv(
  port: number,
  dataDir: string,
  extra: Record<string, string> = {},
): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    // E2E_DATABASE_URL runs the browser tests on a PostgreSQL database made for the run.
    DATABASE_URL: process.env.E2E_DATABASE_URL ?? join(dataDir, 'atende.db'),
    DEMO: 'true',
    SIMULATED_TRAFFIC: 'false',
    LOG_LEVEL: 'warn',
    WEB_DIST: webDist,
    REDIS_URL: '',
    ...extra,
  };
}
