#!/usr/bin/env node
// Builds every channel package present under packages/channel-* (tsc -b); with `--check`, type-checks
// each one whole, its tests included (tsc -p, no output). A channel package is optional (the linked
// device's is GPL-3.0): without it the server builds, runs, and says that kind is not installed.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const packages = join(root, 'packages');
const check = process.argv.includes('--check');
const projects = readdirSync(packages)
  .filter((name) => name.startsWith('channel-'))
  .map((name) => join(packages, name, check ? 'tsconfig.json' : 'tsconfig.build.json'))
  .filter((project) => existsSync(project));

const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const runs = check
  ? projects.map((project) => ['-p', project, '--noEmit'])
  : projects.length > 0
    ? [['-b', ...projects]]
    : [];
for (const args of runs) {
  const result = spawnSync(process.execPath, [tsc, ...args], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
