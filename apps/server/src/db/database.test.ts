import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, durableTransaction, migrateToLatest, openDatabase } from './database.js';

const synchronous = async (db: DatabaseHandle['db']) =>
  (await sql<{ synchronous: number }>`pragma synchronous`.execute(db)).rows[0]?.synchronous;

describe('SQLite durability', () => {
  let handle: DatabaseHandle | null = null;
  let dir = '';

  afterEach(async () => {
    await handle?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function open() {
    dir = mkdtempSync(join(tmpdir(), 'atende-db-'));
    handle = openDatabase(join(dir, 'test.db'));
    await migrateToLatest(handle.db);
    return handle.db;
  }

  it('uses WAL with NORMAL sync, and FULL only inside a durable transaction', async () => {
    const db = await open();
    expect((await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db)).rows[0]?.journal_mode).toBe(
      'wal',
    );
    expect(await synchronous(db)).toBe(1); // NORMAL
    const inside = await durableTransaction(db, async (trx) => {
      await trx
        .insertInto('settings')
        .values({ key: 'k', value: '1', updated_at: Date.now(), updated_by: null })
        .execute();
      return synchronous(trx);
    });
    expect(inside).toBe(2); // FULL for this commit
    expect(await synchronous(db)).toBe(1);
    expect(await db.selectFrom('settings').select('value').where('key', '=', 'k').executeTakeFirst()).toEqual(
      {
        value: '1',
      },
    );
  });

  it('restores NORMAL and rolls back when the work throws', async () => {
    const db = await open();
    await expect(
      durableTransaction(db, async (trx) => {
        await trx
          .insertInto('settings')
          .values({ key: 'k', value: '1', updated_at: Date.now(), updated_by: null })
          .execute();
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await synchronous(db)).toBe(1);
    expect(await db.selectFrom('settings').selectAll().execute()).toEqual([]);
  });
});
