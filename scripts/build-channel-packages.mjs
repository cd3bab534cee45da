#!/usr/bin/env node
// Builds every channel package present under packages/channel-* (tsc -b). A channel package is
// optional (the linked device's is GPL-3.0): without it the server builds, runs, and says that kind is
// not installed.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const packages = join(root, 'packages');
const projects = readdirSync(packages)
  .filter((name) => name.startsWith('channel-'))
  .map((name) => join(packages, name, 'tsconfig.build.json'))
  .filter((project) => existsSync(project));

if (projects.length > 0) {
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  const result = spawnSync(process.execPath, [tsc, '-b', ...projects], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
