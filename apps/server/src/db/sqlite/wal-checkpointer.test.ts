import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../database.js';
import { startWalCheckpointer, type WalCheckpointer } from './wal-checkpointer.js';

let handle: DatabaseHandle | null = null;
let checkpointer: WalCheckpointer | null = null;
let dir = '';

afterEach(async () => {
  await checkpointer?.stop();
  await handle?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it('copies the write-ahead log into the database from a worker thread while the app keeps writing', async () => {
  dir = mkdtempSync(join(tmpdir(), 'atende-ckpt-'));
  const file = join(dir, 'test.db');
  handle = openDatabase(file);
  const { db } = handle;
  await migrateToLatest(db);
  await sql`pragma wal_autocheckpoint = 0`.execute(db); // only the worker checkpoints here
  const sizeBefore = statSync(file).size;

  checkpointer = startWalCheckpointer(file, { minBytes: 1, intervalMs: 10 });
  const value = 'x'.repeat(2000);
  for (let i = 0; i < 400; i++) {
    await db
      .insertInto('settings')
      .values({ key: `k${i}`, value, updated_at: i, updated_by: null })
      .execute();
  }
  const deadline = Date.now() + 5000;
  while (checkpointer.checkpointedPages === 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(checkpointer.checkpointedPages).toBeGreaterThan(0);
  expect(statSync(file).size).toBeGreaterThan(sizeBefore); // pages reached the database file itself
  expect((await db.selectFrom('settings').select('key').execute()).length).toBe(400);

  await checkpointer.stop();
  await checkpointer.stop(); // idempotent
  const integrity = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
  expect(integrity.rows[0]?.integrity_check).toBe('ok');
});

it('is what the server uses: a database opened with background checkpoints closes cleanly', async () => {
  dir = mkdtempSync(join(tmpdir(), 'atende-ckpt-'));
  handle = openDatabase(join(dir, 'test.db'), { backgroundCheckpoints: true });
  await migrateToLatest(handle.db);
  expect(
    (await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(handle.db)).rows[0],
  ).toEqual({
    wal_autocheckpoint: 10000,
  });
  await handle.close();
  handle = null;
});
