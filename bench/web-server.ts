import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');

function freePort(): Promise<number> {
  return new Promise((done, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

export interface RunningServer {
  url: string;
  stop: () => Promise<void>;
}

/**
 * The real server on a free port, serving apps/web/dist: on a throwaway demo SQLite file, or on
 * `databaseUrl` (kept) with `env` added.
 */
export async function startServer(
  options: { databaseUrl?: string; env?: Record<string, string> } = {},
): Promise<RunningServer> {
  const dir = mkdtempSync(join(tmpdir(), 'atende-bench-web-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: options.databaseUrl ?? join(dir, 'atende.db'),
      DEMO: 'true',
      SIMULATED_TRAFFIC: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST: join(repoRoot, 'apps/web/dist'),
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`o servidor terminou com código ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/public/info`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error('o servidor não respondeu em 90 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
