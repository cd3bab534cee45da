#!/usr/bin/env node
// After `tsc -b`: copies the server's runtime data files (Markdown such as the demo knowledge base,
// read next to the code that uses it) from apps/server/src into apps/server/dist, keeping their paths.
import { cpSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const src = resolve(dirname(fileURLToPath(import.meta.url)), '../apps/server/src');
const dist = join(src, '../dist');

for (const entry of readdirSync(src, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith('.md') || entry.name === 'README.md') continue;
  const from = join(entry.parentPath, entry.name);
  cpSync(from, join(dist, relative(src, from)));
}
