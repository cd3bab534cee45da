import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '../../../test/helpers.js';
import { type DatabaseHandle, openDatabase } from '../../db/database.js';

const script = fileURLToPath(new URL('../../../test/whatsapp-receipt-crash-process.ts', import.meta.url));

function run(url: string, mediaDir: string, mode: 'crash' | 'restart') {
  const child = spawn(process.execPath, ['--import', 'tsx', script, url, mediaDir, mode], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, NODE_ENV: 'test' },
  });
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code)),
  );
  return { child, exited };
}

async function eventually(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// WhatsApp counts a message delivered before Baileys hands it to us: the process dies (SIGKILL) the
// instant the sink has returned, before anything else runs; a new process on the same database finds
// the message stored and downloads its media then.
describeEachDatabase('whatsapp-web: killed right after the receipt and the commit', (kind) => {
  let database: TestDatabase;
  let handle: DatabaseHandle | undefined;
  const children: ChildProcess[] = [];
  const mediaDir = mkdtempSync(join(tmpdir(), 'atende-crash-media-'));
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await handle?.close();
    await database?.destroy();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it('the message is there after the restart, and its media job runs then', async () => {
    database = await createTestDatabase(kind);
    const crashed = run(database.url, mediaDir, 'crash');
    children.push(crashed.child);
    expect(await crashed.exited).toBe('SIGKILL');

    handle = openDatabase(database.url);
    const message = () =>
      handle?.db
        .selectFrom('messages')
        .select(['id', 'content', 'type', 'media_status', 'media_url', 'media_descriptor'])
        .where('provider_message_id', '=', 'CRASH1')
        .executeTakeFirst();
    // Stored with its words and what its media needs, though nothing after the commit ran.
    expect(await message()).toMatchObject({
      content: 'foto do pedido',
      type: 'image',
      media_status: 'pending',
      media_url: null,
    });
    expect(JSON.parse((await message())?.media_descriptor ?? '{}')).toMatchObject({
      descriptor: { kind: 'image', directPath: '/v/t62.7118-24/x.enc', key: { id: 'CRASH1' } },
      mimeType: 'image/png',
    });
    const jobs = await handle.db
      .selectFrom('jobs')
      .select(['kind', 'status'])
      .where('kind', 'like', 'channel_media@%')
      .execute();
    expect(jobs).toEqual([{ kind: expect.stringMatching(/^channel_media@/), status: 'pending' }]);

    const restarted = run(database.url, mediaDir, 'restart');
    children.push(restarted.child);
    await eventually(async () => Boolean((await message())?.media_url), 60_000);
    expect(await message()).toMatchObject({ media_status: null, media_descriptor: null });
    expect((await message())?.media_url).toMatch(/^\/api\/media\//);
    expect(readdirSync(mediaDir, { recursive: true }).length).toBeGreaterThan(0);
    const count = await handle.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('provider_message_id', '=', 'CRASH1')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
    restarted.child.kill('SIGKILL');
    await restarted.exited;
  }, 120_000);
});
