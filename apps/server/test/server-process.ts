import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/** The repository's root: a server process runs from it, as `npm start` does. */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** What server.ts and the servers under test/ print once they listen. */
const READY = 'Atende está no ar';

/** A real server running as its own process (see startServerProcess). */
export interface ServerProcess {
  child: ChildProcess;
  /** `http://127.0.0.1:<port>` */
  base: string;
  /** Resolves once its output (stdout or stderr) has shown `text`; fails if it exits first. */
  waitForLog(text: string, ms?: number): Promise<void>;
  /** SIGKILL, as a crash; resolves once it has exited (at once if it already had). */
  kill9(): Promise<void>;
  /** SIGTERM, then SIGKILL if it is still running 10 s later; resolves once it has exited. */
  stop(): Promise<void>;
}

/**
 * Starts `script` (server.ts, or a server entry under test/) as its own process on a free loopback
 * port, configured by the environment like `npm start`: test mode, no demo, no simulated traffic, no
 * web app, then `env`. Resolves once it listens; a server that never does is killed and the error
 * shows the end of its output.
 */
export async function startServerProcess(
  script: string,
  env: Record<string, string>,
  readyWithinMs = 30_000,
): Promise<ServerProcess> {
  const port = await freePort();
  // One process (node --import tsx), so SIGKILL hits the server itself, not a wrapper.
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO: 'false',
      SIMULATED_TRAFFIC: 'false',
      WEB_DIST: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  // 'close', not 'exit': only then has all of its output been read.
  let closed = false;
  const checks = new Set<() => void>();
  const recheck = () => {
    for (const check of [...checks]) check();
  };
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    recheck();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  child.once('close', () => {
    closed = true;
    recheck();
  });

  const waitForLog = (text: string, ms = 30_000) =>
    new Promise<void>((resolve, reject) => {
      const settle = (error?: Error) => {
        clearTimeout(timer);
        checks.delete(check);
        if (error) reject(error);
        else resolve();
      };
      const check = () => {
        if (output.includes(text)) settle();
        else if (closed) settle(new Error(`the server exited before "${text}":\n${output.slice(-3000)}`));
      };
      const timer = setTimeout(
        () => settle(new Error(`no "${text}" in server output:\n${output.slice(-3000)}`)),
        ms,
      );
      checks.add(check);
      check();
    });
  const kill9 = async () => {
    child.kill('SIGKILL');
    await exited;
  };
  const stop = async () => {
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };

  try {
    await waitForLog(READY, readyWithinMs);
  } catch (error) {
    await kill9();
    throw error;
  }
  return { child, base: `http://127.0.0.1:${port}`, waitForLog, kill9, stop };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
