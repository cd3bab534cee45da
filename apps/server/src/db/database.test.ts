import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { spyOnFsync, useTempSqlite } from '../../test/helpers.js';
import { durableTransaction } from './database.js';
import type { Database } from './schema.js';

const synchronous = async (db: Kysely<Database>) =>
  (await sql<{ synchronous: number }>`pragma synchronous`.execute(db)).rows[0]?.synchronous;

describe('SQLite durability', () => {
  const openTemp = useTempSqlite();

  afterEach(() => {
    vi.restoreAllMocks();
  });

  async function open() {
    return (await openTemp()).db;
  }

  /** Records every fsync of a file handle (the write-ahead log's, here) in `log`. */
  const logFsyncs = (log: string[]) =>
    spyOnFsync(async (sync) => {
      log.push('fsync start');
      await sync();
      log.push('fsync done');
    });

  const insert = (key: string) => async (trx: Parameters<Parameters<typeof durableTransaction>[1]>[0]) => {
    await trx
      .insertInto('settings')
      .values({ key, value: '1', updated_at: Date.now(), updated_by: null })
      .execute();
    return key;
  };

  it('uses WAL with NORMAL sync; a durable transaction answers only after the log is fsynced', async () => {
    const db = await open();
    expect((await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db)).rows[0]?.journal_mode).toBe(
      'wal',
    );
    expect(await synchronous(db)).toBe(1); // NORMAL: the main thread never waits for the disk
    // MEMORY: statement journals and temporary b-trees never become files created and unlinked per statement.
    expect((await sql<{ temp_store: number }>`pragma temp_store`.execute(db)).rows[0]?.temp_store).toBe(2);
    const log: string[] = [];
    await logFsyncs(log);
    const result = await durableTransaction(db, async (trx) => {
      const key = await insert('k')(trx);
      log.push('work done');
      return key;
    });
    log.push('answered');
    expect(result).toBe('k');
    // The first one also syncs the log's directory entry; the answer comes after the last flush.
    expect(log[0]).toBe('work done');
    expect(log.slice(1, 3)).toEqual(['fsync start', 'fsync done']);
    expect(log.slice(-2)).toEqual(['fsync done', 'answered']);
    log.length = 0;
    await durableTransaction(db, insert('k2'));
    log.push('answered');
    expect(log).toEqual(['fsync start', 'fsync done', 'answered']);
    expect(await db.selectFrom('settings').select('value').where('key', '=', 'k').executeTakeFirst()).toEqual(
      {
        value: '1',
      },
    );
  });

  it('shares fsyncs between concurrent durable transactions, each answered after one that followed its commit', async () => {
    const db = await open();
    const log: string[] = [];
    const spy = await logFsyncs(log);
    const keys = Array.from({ length: 20 }, (_, i) => `k${i}`);
    expect(await Promise.all(keys.map((key) => durableTransaction(db, insert(key))))).toEqual(keys);
    expect(spy.mock.calls.length).toBeGreaterThanOrEqual(1);
    // Two flushes at once and one shared by everyone after them, plus the directory's (first time).
    expect(spy.mock.calls.length).toBeLessThanOrEqual(4);
    expect((await db.selectFrom('settings').select('key').execute()).length).toBe(20);
  });

  it('rolls back when the work throws, and stores nothing', async () => {
    const db = await open();
    await expect(
      durableTransaction(db, async (trx) => {
        await insert('k')(trx);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await db.selectFrom('settings').selectAll().execute()).toEqual([]);
  });
});

describe('SQLite indexes', () => {
  const open = useTempSqlite();

  /** SQLite's plan for a compiled query (`explain` needs literal values; the plan does not depend on them). */
  const plan = async (db: Kysely<Database>, query: { sql: string }) => {
    const literal = query.sql.replace(/\?/g, "'c1'");
    const rows = (await sql<{ detail: string }>`explain query plan ${sql.raw(literal)}`.execute(db)).rows;
    return rows.map((row) => row.detail).join('; ');
  };

  it('finds conversations by client (and inbox) through one composite index, no redundant one', async () => {
    const { db } = await open();

    // Ingest: a customer's latest conversation with one number (inbox).
    const latest = db
      .selectFrom('conversations')
      .selectAll()
      .where('client_id', '=', 'c1')
      .where('inbox_id', '=', 'c1')
      .orderBy('started_at', 'desc')
      .limit(1)
      .compile();
    const byClient = db.selectFrom('conversations').select('id').where('client_id', '=', 'c1').compile();
    expect(await plan(db, latest)).toMatch(/USING INDEX conversations_client_inbox_started_idx/);
    expect(await plan(db, byClient)).toMatch(
      /USING (COVERING )?INDEX conversations_client_inbox_started_idx/,
    );

    const indexes = await sql<{
      name: string;
    }>`select name from sqlite_master where type = 'index' and tbl_name = 'conversations'`.execute(db);
    expect(indexes.rows.map((row) => row.name)).not.toContain('conversations_client_idx');
    expect(indexes.rows.map((row) => row.name)).not.toContain('conversations_client_started_idx');
  });
});
