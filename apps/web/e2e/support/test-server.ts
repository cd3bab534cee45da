import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPostgresDatabase } from '../../../../scripts/postgres-database.mjs';
import { freePort } from './free-port';
import { repoRoot, serverEnv } from './server-env';
import { waitForServer } from './wait-for-server';

export type E2eDatabaseKind = 'sqlite' | 'postgres';

/**
 * The databases a browser test that runs on each (`describe.each(E2E_DATABASE_KINDS)`) runs on: SQLite
 * always, PostgreSQL too when TEST_DATABASE_URL (an admin postgres:// URL, as for the server tests)
 * is set.
 */
export const E2E_DATABASE_KINDS: E2eDatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];

export interface TestServer {
  baseUrl: string;
  database: E2eDatabaseKind;
  /** What the server runs on (a SQLite file or a postgres:// URL): a test reads its rows from it. */
  databaseUrl: string;
  stop(): Promise<void>;
}

/**
 * A server of the test file's own (demo data, no simulated traffic), for tests that change what every
 * other file relies on (the inboxes, who sees them), need another environment (`env`, e.g.
 * INTEGRATIONS_ALLOW_PRIVATE for a receiver on this machine) or run on each database (`database`):
 * a temp SQLite file, or a throwaway `atende_e2e_<random>` PostgreSQL database on TEST_DATABASE_URL's
 * server, created here and dropped by `stop()`.
 */
export async function startTestServer({
  env = {},
  database = 'sqlite',
}: {
  env?: Record<string, string>;
  database?: E2eDatabaseKind;
} = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atende-e2e-own-'));
  let dropDatabase = async () => {};
  let databaseUrl = join(dataDir, 'atende.db');
  if (database === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set: no PostgreSQL to run on');
    const created = await createPostgresDatabase(adminUrl, `atende_e2e_${randomBytes(6).toString('hex')}`);
    databaseUrl = created.url;
    dropDatabase = created.drop;
  }
  if (env.DATABASE_URL && database === 'sqlite') databaseUrl = env.DATABASE_URL;
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    env: serverEnv(port, dataDir, { DATABASE_URL: databaseUrl, ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const append = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);

  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
    // The server has exited: nothing holds a connection that the drop would cut.
    await dropDatabase();
  };

  try {
    await waitForServer(`${baseUrl}/api/public/info`, child, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, database, databaseUrl, stop };
}
