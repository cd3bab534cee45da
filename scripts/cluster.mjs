#!/usr/bin/env node
// `npm run cluster`: Atende as a cluster on one machine — CLUSTER_INSTANCES server processes (default
// 3, compiled JavaScript, production mode) on PostgreSQL and Redis, behind nginx on one URL. See
// docs/deployment.md for what each piece holds and how to run it on several machines.
//
//   DATABASE_URL        default postgres://postgres@127.0.0.1:5432/atende (created when missing)
//   REDIS_URL           default redis://127.0.0.1:6379
//   CLUSTER_INSTANCES   default 3
//   CLUSTER_PORT        nginx's port, default 8080 (CLUSTER_HOST, default 127.0.0.1)
//   CLUSTER_FIRST_PORT  the instances listen on this port and the next ones, default 3101
//   CLUSTER_DIR         where the nginx configuration, logs and cluster.json go (default: a temp dir)
//   CLUSTER_NODE_ARGS   node options for the instances (e.g. --max-old-space-size=1024)
// Every other variable (DEMO, ADMIN_EMAIL, LOG_LEVEL, CHANNEL…) reaches every instance.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildIfStale, root } from './build-if-stale.mjs';
import { ensureNginx } from './ensure-nginx.mjs';
import { nginxConfig } from './nginx-config.mjs';
import { serverNodeArgs } from './server-node-args.mjs';

const count = Number(process.env.CLUSTER_INSTANCES ?? 3);
const host = process.env.CLUSTER_HOST ?? '127.0.0.1';
const port = Number(process.env.CLUSTER_PORT ?? 8080);
const firstPort = Number(process.env.CLUSTER_FIRST_PORT ?? 3101);
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/atende';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const dir = process.env.CLUSTER_DIR ?? mkdtempSync(join(tmpdir(), 'atende-cluster-'));
mkdirSync(dir, { recursive: true });

if (!Number.isInteger(count) || count < 1 || count > 32) {
  console.error('CLUSTER_INSTANCES deve ser um número de 1 a 32.');
  process.exit(1);
}
if (!/^postgres(ql)?:\/\//.test(databaseUrl)) {
  console.error('O cluster precisa de PostgreSQL: DATABASE_URL=postgres://…');
  process.exit(1);
}

const instances = Array.from({ length: count }, (_, i) => ({ name: `atende-${i + 1}`, port: firstPort + i }));

async function ensureDatabase(url) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1)) || 'postgres';
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
      console.info(`Banco ${name} criado.`);
    }
  } finally {
    await client.end();
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForHealth(url, child, what) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what} terminou (código ${child.exitCode}); veja ${dir}`);
    if (Date.now() > deadline) throw new Error(`${what} não respondeu em 2 minutos; veja ${dir}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await sleep(250);
  }
}

const children = [];
let stopping = false;

function startInstance(instance) {
  const log = openSync(join(dir, `${instance.name}.log`), 'a');
  const nodeArgs = serverNodeArgs(process.env.CLUSTER_NODE_ARGS?.split(' ').filter(Boolean) ?? []);
  const child = spawn(process.execPath, [...nodeArgs, join(root, 'apps/server/dist/server.js')], {
    cwd: root,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      NODE_ENV: process.env.NODE_ENV ?? 'production',
      HOST: '127.0.0.1',
      PORT: String(instance.port),
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      INSTANCE_NAME: instance.name,
      TRUST_PROXY: 'true',
    },
  });
  instance.pid = child.pid;
  children.push(child);
  child.on('exit', (code, signal) => {
    if (!stopping) console.warn(`Instância ${instance.name} terminou (${signal ?? `código ${code}`}).`);
  });
  return child;
}

function stopAll(signal = 'SIGTERM') {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill(signal);
}

async function main() {
  const nginx = ensureNginx();
  buildIfStale();
  await ensureDatabase(databaseUrl);

  // The first one alone: it migrates the database (and seeds the demo on an empty one).
  const [first, ...rest] = instances;
  await waitForHealth(`http://127.0.0.1:${first.port}`, startInstance(first), first.name);
  await Promise.all(
    rest.map((instance) =>
      waitForHealth(`http://127.0.0.1:${instance.port}`, startInstance(instance), instance.name),
    ),
  );

  for (const temp of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    mkdirSync(join(dir, temp), { recursive: true });
  const configFile = join(dir, 'nginx.conf');
  writeFileSync(configFile, nginxConfig({ listen: `${host}:${port}`, upstreams: instances, directory: dir }));
  const proxy = spawn(nginx, ['-p', dir, '-c', configFile, '-g', 'daemon off;'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(proxy);
  proxy.on('exit', (code) => {
    if (!stopping) {
      console.error(`nginx terminou (código ${code}); veja ${join(dir, 'nginx-error.log')}.`);
      stopAll();
    }
  });
  const url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  await waitForHealth(url, proxy, 'nginx');

  writeFileSync(
    join(dir, 'cluster.json'),
    JSON.stringify({ url, nginxPid: proxy.pid, instances, databaseUrl, redisUrl }, null, 2),
  );
  console.info(`\nAtende em cluster: ${url}`);
  console.info(
    `  ${count} instâncias (${instances.map((i) => `${i.name} :${i.port}`).join(', ')}) atrás do nginx`,
  );
  console.info(
    `  PostgreSQL ${new URL(databaseUrl).host}${new URL(databaseUrl).pathname} · Redis ${new URL(redisUrl).host}`,
  );
  console.info(`  logs e configuração: ${dir}`);
  console.info('  Ctrl+C encerra tudo.\n');
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopAll('SIGTERM');
    setTimeout(() => process.exit(0), 12_000).unref();
  });
}
process.on('exit', () => stopAll('SIGKILL'));

main().catch((error) => {
  console.error(`Falha ao iniciar o cluster: ${error instanceof Error ? error.message : error}`);
  stopAll();
  process.exitCode = 1;
});
