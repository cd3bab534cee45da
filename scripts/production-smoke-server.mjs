// The production smoke's handle on one compiled server: `npm start` in its own process group, its
// output kept (shown only when a check fails), a health wait, an admin login and authenticated calls.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const KEPT_LINES = 200;

export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `npm start` in `cwd` with `env` on a free port. Resolves once GET /api/health answers.
 * @param {{ cwd: string, env: Record<string, string>, label: string }} options
 */
export async function startServer({ cwd, env, label }) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const lines = [];
  const keep = (chunk) => {
    for (const line of String(chunk).split('\n')) {
      if (!line) continue;
      lines.push(line);
      if (lines.length > KEPT_LINES) lines.shift();
    }
  };
  console.info(`\n[${label}] $ PORT=${port} npm start`);
  // Its own process group: npm start runs start.mjs, which runs the server; stopping npm alone left
  // the server running.
  const child = spawn(npm, ['start'], {
    cwd,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(port) },
  });
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', resolve));

  const server = {
    label,
    base,
    token: null,
    /** The server's last output lines (printed when a check fails). */
    output: () => lines.join('\n'),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      process.kill(-child.pid, 'SIGTERM');
      const stopped = await Promise.race([exited.then(() => true), sleep(15_000).then(() => false)]);
      if (!stopped) {
        process.kill(-child.pid, 'SIGKILL');
        await exited;
      }
    },
    /** The node command line of the server process `npm start` started (in the npm's process group). */
    serverCommand() {
      for (const entry of readdirSync('/proc')) {
        if (!/^\d+$/.test(entry)) continue;
        try {
          const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
          const group = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
          const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').filter(Boolean);
          if (group === child.pid && args.some((arg) => arg.endsWith('apps/server/dist/server.js')))
            return args;
        } catch {
          // The process ended meanwhile.
        }
      }
      throw new Error('processo do servidor não encontrado');
    },
    /** One call, with the admin's token once signed in; a body that is not JSON is kept as text. */
    async request(method, path, payload) {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: {
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...(server.token ? { authorization: `Bearer ${server.token}` } : {}),
        },
        body: payload === undefined ? undefined : JSON.stringify(payload),
      });
      const text = await response.text();
      let body = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Not JSON: kept as text.
      }
      return { status: response.status, body };
    },
    get: (path) => server.request('GET', path),
    post: (path, payload) => server.request('POST', path, payload),
    /** A simulated customer's message (a paired simulator); answers its conversation and message ids. */
    async customerWrites(message) {
      const sent = await server.post('/api/simulator/inbound', message);
      if (sent.status !== 200)
        throw new Error(`mensagem de ${message.phone} → ${sent.status} ${JSON.stringify(sent.body)}`);
      return sent.body.data;
    },
    /** Signs the admin in; later calls carry its token. */
    async login(email, password) {
      const { status, body } = await server.post('/api/auth/login', { email, password });
      if (status !== 200 || !body?.data?.token) {
        throw new Error(`login → ${status} ${JSON.stringify(body)}`);
      }
      server.token = body.data.token;
    },
    /** Polls GET `path` until `check(body)` holds; returns that body. */
    async until(path, check, { timeoutMs = 60_000, what = path } = {}) {
      const deadline = Date.now() + timeoutMs;
      let last = null;
      while (Date.now() < deadline) {
        if (child.exitCode !== null) throw new Error(`o servidor saiu com ${child.exitCode}`);
        last = await server.get(path);
        if (last.status === 200 && check(last.body)) return last.body;
        await sleep(500);
      }
      throw new Error(
        `${what}: não chegou em ${timeoutMs / 1000} s; última resposta ${JSON.stringify(last)}`,
      );
    },
  };

  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      console.error(server.output());
      throw new Error(`[${label}] o servidor saiu com ${child.exitCode}`);
    }
    let health;
    try {
      health = await fetch(`${base}/api/health`);
    } catch {
      await sleep(500);
      continue;
    }
    const text = await health.text();
    console.info(`[${label}] GET /api/health → ${health.status} ${text}`);
    if (health.status === 200) return server;
    await server.stop();
    console.error(server.output());
    throw new Error(`[${label}] health check falhou`);
  }
  await server.stop();
  console.error(server.output());
  throw new Error(`[${label}] o servidor não respondeu em 120 s`);
}
