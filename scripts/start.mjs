#!/usr/bin/env node
// `npm start`: builds the web app when its build is missing or older than its sources, then runs
// the server (TypeScript through tsx) in production mode. Environment variables pass through.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const web = join(root, 'apps/web');
const builtIndex = join(web, 'dist/index.html');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Newest modification time under a path (skipping node_modules and build output). */
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist' || entry === 'e2e') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function webNeedsBuild() {
  if (!existsSync(join(web, 'package.json')) || !existsSync(join(web, 'index.html'))) return false;
  if (!existsSync(builtIndex)) return true;
  const sources = Math.max(
    newestMtime(join(web, 'src')),
    newestMtime(join(web, 'public')),
    newestMtime(join(web, 'index.html')),
    newestMtime(join(web, 'vite.config.ts')),
    newestMtime(join(root, 'packages/contracts/src')),
  );
  return sources > statSync(builtIndex).mtimeMs;
}

if (webNeedsBuild()) {
  console.info('Compilando o aplicativo web…');
  const build = spawnSync(npm, ['run', 'build', '-w', '@atende/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('Falha ao compilar o aplicativo web.');
    process.exit(build.status ?? 1);
  }
} else if (!existsSync(builtIndex)) {
  console.warn('Aplicativo web não encontrado; servindo somente a API.');
}

const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/server.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
});

// Forward stop signals so the server shuts down gracefully, then exit with its code.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 1 : 0));
});
