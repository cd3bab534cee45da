import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port';
import { repoRoot, serverEnv } from './server-env';
import { waitForServer } from './wait-for-server';

export interface TestServer {
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * A server of the test file's own (temp SQLite, demo data, no simulated traffic), for tests that
 * change what every other file relies on (the inboxes, who sees them) or need another environment
 * (`env`, e.g. INTEGRATIONS_ALLOW_PRIVATE for a receiver on this machine). Stopped by `stop()`.
 */
export async function startTestServer({
  env = {},
}: {
  env?: Record<string, string>;
} = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atende-e2e-own-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    env: serverEnv(port, dataDir, env),
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
  };

  try {
    await waitForServer(`${baseUrl}/api/public/info`, child, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}
