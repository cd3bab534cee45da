import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type Server, Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_AUTH_STATE_KEY, type TestDatabase } from '../../../test/helpers.js';
import { type DatabaseHandle, openDatabase } from '../../db/database.js';
import { createSecretBox, parseKey } from '../../lib/secret-box.js';

const script = fileURLToPath(new URL('../../../test/whatsapp-lease-process.ts', import.meta.url));
// The margin a holder keeps before its lease ends is a poll: wide enough for a loaded machine's timers.
const TTL_MS = 6_000;
const POLL_MS = 1_500;

interface Line {
  at: number;
  holder: boolean;
  connected: boolean;
  open: number;
  probes: { lastOk: number; refused: number; failed: number };
}

interface Server_ {
  child: ChildProcess;
  lines: Line[];
}

function start(url: string, name: string): Server_ {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', script, url, String(TTL_MS), String(POLL_MS), name],
    { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, NODE_ENV: 'test' } },
  );
  const server: Server_ = { child, lines: [] };
  let buffered = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    for (const part of parts) if (part.startsWith('{')) server.lines.push(JSON.parse(part));
  });
  return server;
}

const watched: Server_[] = [];

async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) {
      throw new Error(
        `timed out; last lines: ${watched.map((s) => JSON.stringify(s.lines.slice(-3))).join(' | ')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const last = (s: Server_) => s.lines.at(-1);

/**
 * A TCP relay in front of PostgreSQL that can be cut: while cut, both directions are held (nothing
 * is lost or refused, nothing arrives: a network partition, not a crash), and healing lets it flow.
 */
async function partitionableRelay(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  /** Bytes held during a cut, in order, per direction: delivered on heal. */
  const held: Array<{ to: Socket; chunk: Buffer }> = [];
  let cut = false;
  const forward = (from: Socket, to: Socket) =>
    from.on('data', (chunk: Buffer) => {
      if (cut) held.push({ to, chunk });
      else to.write(chunk);
    });
  const server: Server = createServer((client) => {
    const upstream = new Socket();
    upstream.connect(target.port, target.host);
    sockets.add(client);
    sockets.add(upstream);
    forward(client, upstream);
    forward(upstream, client);
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close);
    upstream.on('error', close);
    client.on('close', close);
    upstream.on('close', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    cut() {
      cut = true;
    },
    heal() {
      cut = false;
      for (const { to, chunk } of held.splice(0)) if (!to.destroyed) to.write(chunk);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * Split brain, on one PostgreSQL database with two server processes: the holder cut off the database
 * stops its socket before its lease can expire, so the other's socket opens only after — at most one
 * at any instant; and a holder frozen past its lease (SIGSTOP) comes back to find its key writes
 * refused by the fencing token, none of them applied.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'whatsapp-web: one holder under a partition [postgres]',
  () => {
    let database: TestDatabase;
    let handle: DatabaseHandle | undefined;
    let relay: Awaited<ReturnType<typeof partitionableRelay>> | undefined;
    const servers: Server_[] = [];
    afterAll(async () => {
      for (const s of servers) {
        s.child.kill('SIGCONT');
        s.child.kill('SIGKILL');
      }
      await relay?.close();
      await handle?.close();
      await database?.destroy();
    });

    it('cut off, the holder fences itself before the other opens; frozen, its late writes are refused', async () => {
      database = await createTestDatabase('postgres');
      const url = new URL(database.url);
      relay = await partitionableRelay({ host: url.hostname, port: Number(url.port || 5432) });
      const viaRelay = new URL(database.url);
      viaRelay.port = String(relay.port);

      const a = start(viaRelay.toString(), 'a');
      servers.push(a);
      await until(() => last(a)?.connected === true, 90_000);
      const b = start(database.url, 'b');
      servers.push(b);
      await until(() => b.lines.length > 0, 90_000);
      await until(() => (last(a)?.probes.lastOk ?? 0) > 3, 10_000);
      expect(last(b)).toMatchObject({ holder: false, open: 0 });

      // The partition: A can no longer reach the database (its queries hang), B can.
      const cutAt = Date.now();
      relay.cut();
      await until(() => last(b)?.open === 1, 30_000);
      const closedByA = a.lines.find((line) => line.at >= cutAt && line.open === 0);
      const openedByB = b.lines.find((line) => line.open === 1);
      expect(closedByA, 'A stopped its socket').toBeDefined();
      // A's socket closed before B's opened: never two at once.
      expect(closedByA?.at).toBeLessThan(openedByB?.at ?? 0);
      // And A did so before its lease could expire (TTL from its last renewal, at most a poll before the cut).
      expect((closedByA?.at ?? 0) - cutAt).toBeLessThan(TTL_MS);

      // Healed, A finds the lease taken and stays out.
      relay.heal();
      await new Promise((resolve) => setTimeout(resolve, 3 * POLL_MS));
      expect(last(a)).toMatchObject({ holder: false, open: 0 });
      expect(last(b)).toMatchObject({ holder: true, open: 1 });

      // B frozen past its lease: A takes over; B resumes with writes in flight under a dead lease.
      await until(() => (last(b)?.probes.lastOk ?? 0) > 3, 10_000);
      b.child.kill('SIGSTOP');
      const frozenAt = Date.now();
      await until(() => a.lines.some((line) => line.at > frozenAt && line.open === 1), 30_000);
      b.child.kill('SIGCONT');
      await until(() => last(b)?.open === 0 && last(b)?.holder === false, 10_000);
      await new Promise((resolve) => setTimeout(resolve, 500));

      handle = openDatabase(database.url);
      // The servers seal their auth state with the tests' key.
      const box = createSecretBox([parseKey(TEST_AUTH_STATE_KEY)]);
      const rows = await handle.db
        .selectFrom('whatsapp_auth' as never)
        .select(['id' as never, 'value' as never])
        .where('id' as never, 'in', ['probe-a', 'probe-b'] as never)
        .execute();
      const stored = new Map(
        (rows as Array<{ id: string; value: string }>).map((row) => {
          const parsed = JSON.parse(box.open(row.value)) as { data?: number[] | string };
          const bytes =
            typeof parsed.data === 'string'
              ? Buffer.from(parsed.data, 'base64')
              : Buffer.from(parsed.data ?? []);
          return [row.id, Number(bytes.toString())];
        }),
      );
      // The database holds exactly B's last write that B saw applied: none it saw refused, none after
      // A took the lease (a write in flight at the freeze held the lease row until it committed).
      expect(stored.get('probe-b')).toBe(last(b)?.probes.lastOk);
      // A writes again, as the holder.
      await until(() => (last(a)?.probes.lastOk ?? 0) > 0, 10_000);
      expect(last(a)).toMatchObject({ holder: true, open: 1 });
    }, 240_000);
  },
);
