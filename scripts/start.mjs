#!/usr/bin/env node
// `npm start`: runs the compiled server (apps/server/dist) with node, in production mode, building it
// first when stale (build-if-stale.mjs). No TypeScript loader and no bundler run here. Environment
// variables pass through.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildIfStale, root } from './build-if-stale.mjs';
import { serverNodeArgs } from './server-node-args.mjs';

const at = (path) => join(root, path);
buildIfStale();

const server = spawn(process.execPath, [...serverNodeArgs(), at('apps/server/dist/server.js')], {
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
