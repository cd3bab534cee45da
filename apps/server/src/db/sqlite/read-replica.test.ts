import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { useTempSqlite } from '../../../test/helpers.js';
import { openDatabase } from '../database.js';

const openTemp = useTempSqlite();
const open = () => openTemp({ readReplica: true });

const setting = (key: string) => ({ key, value: '"v"', updated_at: 1, updated_by: null });

it('reads every committed write from a worker thread, and refuses to write', async () => {
  const { db, readDb } = await open();
  expect(readDb).not.toBe(db);

  await db.insertInto('settings').values(setting('a')).execute();
  expect(await readDb.selectFrom('settings').select('key').execute()).toEqual([{ key: 'a' }]);
  await db.insertInto('settings').values(setting('b')).execute();
  const count = await readDb
    .selectFrom('settings')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  expect(count?.n).toBe(2);

  await expect(readDb.insertInto('settings').values(setting('c')).execute()).rejects.toThrow(/only queries/);
  await expect(readDb.transaction().execute(async () => {})).rejects.toThrow(/transactions/);
  await expect(sql`select * from no_such_table`.execute(readDb)).rejects.toThrow(/no such table/);
  // A failed query does not break the next one.
  expect(await readDb.selectFrom('settings').select('key').orderBy('key').execute()).toHaveLength(2);
  expect(await db.selectFrom('settings').select('key').execute()).toHaveLength(2);
});

it('keeps the main thread free while a slow aggregate runs', async () => {
  const { readDb } = await open();
  // ~3 million rows of a recursive CTE: hundreds of milliseconds of SQLite work.
  const slow = sql<{ n: number }>`
    with recursive r(i) as (select 1 union all select i + 1 from r where i < 3000000)
    select count(*) as n from r`;
  // The worker has started (from source it first loads tsx and compiles its .ts file, on its own thread
  // but on the same cores): what is measured is the query alone.
  await sql`select 1`.execute(readDb);
  const lag = monitorEventLoopDelay({ resolution: 5 });
  lag.enable();
  const started = performance.now();
  const { rows } = await slow.execute(readDb);
  const took = performance.now() - started;
  lag.disable();
  expect(rows[0]?.n).toBe(3_000_000);
  expect(took).toBeGreaterThan(100);
  // On the main connection this would have blocked the event loop for the whole query. A fixed bound
  // (say 50 ms) would measure the machine's other load instead: the stall must be a fraction of it.
  expect(lag.max / 1e6).toBeLessThan(took / 2);
});

it('is the main connection itself without the option (and in memory)', async () => {
  const plain = await openTemp();
  expect(plain.readDb).toBe(plain.db);
  const memory = openDatabase(':memory:', { readReplica: true });
  expect(memory.readDb).toBe(memory.db);
  await memory.close();
});
