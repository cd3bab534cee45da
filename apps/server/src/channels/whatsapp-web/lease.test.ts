import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers.js';

const script = fileURLToPath(new URL('../../../test/whatsapp-lease-process.ts', import.meta.url));
const TTL_MS = 3_000;
const POLL_MS = 500;

interface Holder {
  child: ChildProcess;
  lines: Array<{ holder: boolean; connected: boolean; sockets: number }>;
}

function startProcess(url: string): Holder {
  const child = spawn(process.execPath, ['--import', 'tsx', script, url, String(TTL_MS), String(POLL_MS)], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, NODE_ENV: 'test' },
  });
  const holder: Holder = { child, lines: [] };
  let buffered = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    for (const part of parts) if (part.startsWith('{')) holder.lines.push(JSON.parse(part));
  });
  return holder;
}

async function until(check: () => boolean, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Date.now() - started;
}

const last = (h: Holder) => h.lines.at(-1);

// Two server processes on one PostgreSQL database: exactly one holds the WhatsApp socket; when it is
// killed (SIGKILL: no release), the other takes over once the lease expires.
describe.skipIf(!process.env.TEST_DATABASE_URL)('whatsapp-web lease across processes [postgres]', () => {
  let database: TestDatabase;
  const processes: Holder[] = [];
  afterAll(async () => {
    for (const p of processes) p.child.kill('SIGKILL');
    await database?.destroy();
  });

  it('one holder; kill -9 it and the other takes over within the lease', async () => {
    database = await createTestDatabase('postgres');
    const a = startProcess(database.url);
    processes.push(a);
    await until(() => last(a)?.connected === true, 90_000);
    const b = startProcess(database.url);
    processes.push(b);
    await until(() => b.lines.length > 0, 90_000);
    await new Promise((resolve) => setTimeout(resolve, 2 * POLL_MS));
    expect(last(b)).toMatchObject({ holder: false, connected: false, sockets: 0 });
    expect(last(a)).toMatchObject({ holder: true, connected: true, sockets: 1 });

    a.child.kill('SIGKILL');
    const tookOver = await until(() => last(b)?.connected === true, 30_000);
    // The bound; the lease itself expires after TTL_MS (the production lease: 20 s + 5 s polls).
    expect(tookOver).toBeLessThan(30_000);
    expect(tookOver).toBeGreaterThanOrEqual(TTL_MS - POLL_MS);
    expect(last(b)).toMatchObject({ holder: true, sockets: 1 });
  }, 240_000);
});
