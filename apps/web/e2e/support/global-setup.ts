import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { TestProject } from 'vitest/node';
import { freePort } from './free-port';
import { repoRoot, serverEnv, webDist } from './server-env';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/**
 * A plain loop, not vi.waitFor: globalSetup runs outside the test workers, where `vi` is not available
 * (test files and their support use support/wait-for-server.ts).
 */
async function waitForServer(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`O servidor terminou (código ${child.exitCode}) antes de responder:\n${output()}`);
    }
    if (
      await fetch(url).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    await sleep(250);
  }
  throw new Error(`O servidor não respondeu em 90 s:\n${output()}`);
}

/** Starts the real server (temp SQLite, demo data, no simulated traffic) serving the built web app. */
export default async function setup(project: TestProject) {
  if (!existsSync(join(webDist, 'index.html'))) {
    throw new Error('apps/web/dist não existe: rode `npm run build` antes dos testes de navegador.');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'atende-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    env: serverEnv(port, dataDir),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const append = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);

  try {
    await waitForServer(`${baseUrl}/api/public/info`, child, () => log);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  project.provide('baseUrl', baseUrl);

  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
}
