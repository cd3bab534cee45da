import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { keepOutput, stopChild, waitUntilUp } from './child-process.js';
import { freePort } from './free-port.js';
import { ROOT } from './repo-root.js';

export interface ServerOptions {
  /** SQLite file or PostgreSQL URL, kept. Without it: a throwaway SQLite file, removed on stop. */
  databaseUrl?: string;
  /** The only account (DEMO=false); without it the server seeds its demo data and users. */
  admin?: { email: string; password: string };
  /** The built web app to serve; '' serves the API alone. */
  webDist?: string;
  /** Node flags for the server process (e.g. `--cpu-prof`). */
  nodeArgs?: string[];
  /**
   * A built checkout (`npm run build:server` done) to run instead of this tree's source: its
   * `apps/server/dist/server.js` with plain node, from that directory (bench:compare measures two).
   */
  serverDir?: string;
  /**
   * 'keep': the server's output is kept and shown only if it fails to start; 'stderr': its stderr
   * goes straight to ours (its stdout is dropped).
   */
  output?: 'keep' | 'stderr';
}

export interface RunningServer {
  url: string;
  pid: number | undefined;
  stop(): Promise<void>;
}

/**
 * The node options that checkout's `npm start` runs its server with (`scripts/server-node-args.mjs`,
 * absent before they existed), then the caller's: each side of a comparison runs as it would in
 * production.
 */
async function productionNodeArgs(dir: string, extra: string[]): Promise<string[]> {
  const file = join(dir, 'scripts/server-node-args.mjs');
  if (!existsSync(file)) return extra;
  const { serverNodeArgs } = (await import(pathToFileURL(file).href)) as {
    serverNodeArgs(extra: string[]): string[];
  };
  return serverNodeArgs(extra);
}

/**
 * The real server as one child process: production mode, loopback, a free port. From this tree's
 * source through tsx, or a built checkout's compiled server (`serverDir`).
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const dir = options.databaseUrl === undefined ? mkdtempSync(join(tmpdir(), 'atende-bench-server-')) : null;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const { admin } = options;
  const keep = (options.output ?? 'keep') === 'keep';
  const entry = options.serverDir
    ? [join(options.serverDir, 'apps/server/dist/server.js')]
    : ['--import', 'tsx', 'apps/server/src/server.ts'];
  const nodeArgs = await productionNodeArgs(options.serverDir ?? ROOT, options.nodeArgs ?? []);
  const child = spawn(process.execPath, [...nodeArgs, ...entry], {
    cwd: options.serverDir ?? ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: options.databaseUrl ?? join(dir ?? '', 'atende.db'),
      DEMO: admin ? 'false' : 'true',
      ...(admin ? { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password } : {}),
      SIMULATED_TRAFFIC: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST: options.webDist ?? join(ROOT, 'apps/web/dist'),
      // One process: no Redis, even when the shell exports REDIS_URL.
      REDIS_URL: '',
    },
    stdio: ['ignore', keep ? 'pipe' : 'ignore', keep ? 'pipe' : 'inherit'],
  });
  const output = keepOutput(child, 10_000);
  try {
    await waitUntilUp(child, 'o servidor', async () => (await fetch(`${url}/api/public/info`)).ok, output);
  } catch (error) {
    await stopChild(child);
    if (dir) rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    pid: child.pid,
    stop: async () => {
      await stopChild(child);
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
