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

/**
 * nginx in front of the instances. WebSocket first: a socket is one TCP connection to one instance, so
 * new sockets go to the least busy one (least_conn). The HTTP long-polling fallback (networks that block
 * WebSocket) sends several requests per socket, which must reach the instance that holds it: each instance
 * names itself in a cookie (`atende_instance`, set on the Socket.IO handshake) and nginx routes
 * /socket.io/ by it, to that instance or, when it is down, to another (backup). REST is stateless: least_conn.
 */
function nginxConfig({ listen, upstreams, directory }) {
  const server = (u, extra = '') => `    server 127.0.0.1:${u.port} max_fails=1 fail_timeout=5s${extra};`;
  const pinned = upstreams
    .map(
      (u) => `  upstream ${u.name.replace(/-/g, '_')} {
${server(u)}
${upstreams
  .filter((other) => other !== u)
  .map((other) => `    server 127.0.0.1:${other.port} backup;`)
  .join('\n')}
    keepalive 16;
  }`,
    )
    .join('\n');
  return `worker_processes 1;
pid ${directory}/nginx.pid;
error_log ${directory}/nginx-error.log warn;
events { worker_connections 8192; }
http {
  access_log off;
  client_body_temp_path ${directory}/client_body;
  proxy_temp_path ${directory}/proxy;
  fastcgi_temp_path ${directory}/fastcgi;
  uwsgi_temp_path ${directory}/uwsgi;
  scgi_temp_path ${directory}/scgi;
  # Media uploads go up to 10 MB.
  client_max_body_size 12m;

  upstream atende {
    least_conn;
${upstreams.map((u) => server(u)).join('\n')}
    keepalive 64;
  }
${pinned}

  # The instance a Socket.IO client was first sent to (its cookie), else any.
  map $cookie_atende_instance $atende_socket {
    default atende;
${upstreams.map((u) => `    ${u.name} ${u.name.replace(/-/g, '_')};`).join('\n')}
  }
  map $http_upgrade $atende_connection {
    default upgrade;
    '' '';
  }

  server {
    listen ${listen};
    proxy_http_version 1.1;
    proxy_set_header Host $http_host;
    # Replaced, not appended: the instances trust it (TRUST_PROXY) for the login limits.
    proxy_set_header X-Forwarded-For $remote_addr;
    proxy_set_header X-Forwarded-Proto $scheme;

    location /socket.io/ {
      proxy_pass http://$atende_socket;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $atende_connection;
      proxy_buffering off;
      # Longer than Socket.IO's ping interval + timeout (25 s + 20 s).
      proxy_read_timeout 75s;
      proxy_send_timeout 75s;
    }
    location / {
      proxy_pass http://atende;
      proxy_set_header Connection '';
    }
  }
}
`;
}

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
  const nodeArgs = process.env.CLUSTER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
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
