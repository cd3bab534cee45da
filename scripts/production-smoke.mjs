#!/usr/bin/env node
// `npm run test:production`: proves the production path on a clean copy of the repository's last
// commit. In a temp directory: `git clone`, `npm install` (as CI does: the lock file leaves out other
// platforms' optional binaries, which `npm ci` refuses), `npm run build`, `npm prune --omit=dev` (no
// TypeScript, tsx, vite or vitest left), then `npm start` on a free port with a temp SQLite file, and
// GET /api/health must answer 200. Takes minutes; not part of `npm test`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const work = mkdtempSync(join(tmpdir(), 'atende-production-'));
const copy = join(work, 'atende');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(command, args, cwd = copy) {
  console.info(`\n$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} saiu com ${result.status}`);
}

function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitForHealth(url, child, deadline) {
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`o servidor saiu com ${child.exitCode}`);
    try {
      const response = await fetch(url);
      return { status: response.status, body: await response.text() };
    } catch {
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  throw new Error('o servidor não respondeu em 120 s');
}

let child = null;
try {
  run('git', ['clone', '--quiet', root, copy], work);
  run(npm, ['install', '--no-audit', '--no-fund']);
  run(npm, ['run', 'build']);
  run(npm, ['prune', '--omit=dev', '--no-audit', '--no-fund']);
  for (const tool of ['typescript', 'tsx', 'vite', 'vitest']) {
    if (existsSync(join(copy, 'node_modules', tool)))
      throw new Error(`${tool} ainda instalado após npm prune --omit=dev`);
  }
  console.info('\nsem ferramentas de desenvolvimento: typescript, tsx, vite e vitest ausentes');

  const port = await freePort();
  console.info(`\n$ PORT=${port} npm start`);
  // Its own process group: npm start runs start.mjs, which runs the server; stopping npm alone left
  // the server running.
  child = spawn(npm, ['start'], {
    cwd: copy,
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: join(work, 'atende.db'),
      ADMIN_EMAIL: 'admin@atende.local',
      ADMIN_PASSWORD: 'producao-12345',
      REDIS_URL: '',
    },
  });
  const health = await waitForHealth(`http://127.0.0.1:${port}/api/health`, child, Date.now() + 120_000);
  console.info(`\nGET /api/health → ${health.status} ${health.body}`);
  if (health.status !== 200) throw new Error('health check falhou');
  console.info('\nOK: o servidor roda do JavaScript compilado só com as dependências de produção.');
} catch (error) {
  console.error(`\nFALHOU: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  if (child?.pid && child.exitCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    process.kill(-child.pid, 'SIGTERM');
    await exited;
  }
  rmSync(work, { recursive: true, force: true });
}
