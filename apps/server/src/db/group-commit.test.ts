import type { Transaction } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase, useMigratedDatabase } from '../../test/helpers.js';
import { GroupCommit, transactionBatcher } from './group-commit.js';
import type { Database } from './schema.js';

describeEachDatabase('GroupCommit', (kind) => {
  const database = useMigratedDatabase(kind);

  const insert = (key: string) => async (trx: Transaction<Database>) => {
    await trx.insertInto('settings').values({ key, value: '1', updated_at: 1, updated_by: null }).execute();
    return key;
  };
  const keys = async () =>
    (await database().db.selectFrom('settings').select('key').orderBy('key').execute()).map((row) => row.key);

  for (const batching of [true, false]) {
    it(`answers each caller after its commit; a failing item fails alone (batching: ${batching})`, async () => {
      const group = transactionBatcher(database().db, { batching });
      const prefix = batching ? 'g' : 'p';
      const results = await Promise.allSettled([
        group.run(insert(`${prefix}1`)),
        group.run(insert(`${prefix}1`)), // primary key clash: fails
        group.run(insert(`${prefix}2`)),
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect(results[0]).toMatchObject({ value: `${prefix}1` });
      expect((await keys()).filter((key) => key.startsWith(prefix))).toEqual([`${prefix}1`, `${prefix}2`]);
    });
  }

  it('locks the rows its works name, sorted and once, before any work of the batch runs', async () => {
    const seen: string[] = [];
    const group = transactionBatcher(database().db, {
      batching: true,
      lockInOrder: async (_trx, keys) => {
        seen.push(`lock ${keys.join(',')}`);
      },
    });
    const work = (key: string) => async () => {
      seen.push(`work ${key}`);
      return key;
    };
    const answers = await Promise.all([
      group.run(work('c'), 'conv-c'),
      group.run(work('a'), 'conv-a'),
      group.run(work('none')),
      group.run(work('c again'), 'conv-c'),
    ]);
    expect(answers).toEqual(['c', 'a', 'none', 'c again']);
    expect(seen).toEqual(['lock conv-a,conv-c', 'work c', 'work a', 'work none', 'work c again']);
  });

  it('runs onCommit right after the commit and onDurable before the answer, in order; recovers', async () => {
    const seen: string[] = [];
    const group = new GroupCommit<string, string>({
      db: database().db,
      batching: true,
      durable: true,
      async write(trx, items) {
        const out = [];
        for (const key of items) {
          await insert(key)(trx);
          out.push({
            result: key,
            onCommit: () => seen.push(`commit ${key}`),
            onDurable: () => seen.push(`durable ${key}`),
          });
        }
        return out;
      },
      recover: async (key) => (key === 'r1' ? 'r1 again' : undefined),
    });
    const answers = await Promise.all(
      ['r1', 'r2', 'r1'].map(async (key, i) => {
        const value = await group.submit(key);
        seen.push(`answer ${i}`);
        return value;
      }),
    );
    expect(answers).toEqual(['r1', 'r2', 'r1 again']);
    const at = (entry: string) => seen.indexOf(entry);
    for (const [i, key] of ['r1', 'r2'].entries()) {
      expect(at(`commit ${key}`)).toBeLessThan(at(`durable ${key}`));
      expect(at(`durable ${key}`)).toBeLessThan(at(`answer ${i}`));
    }
    // The batch failed on the repeated key; each item was retried alone and the repeat recovered.
    expect(seen.filter((entry) => entry.startsWith('commit'))).toEqual(['commit r1', 'commit r2']);
    expect(await keys()).toEqual(expect.arrayContaining(['r1', 'r2']));
  });

  for (const concurrency of [1, 4]) {
    it(`with gatherMs, batches start at most that often: items that keep coming share one; a quiet moment's first goes at once; a full batch leaves at once (concurrency ${concurrency})`, async () => {
      const batches: string[][] = [];
      const group = (gatherMs: number, maxBatch = 256) =>
        new GroupCommit<string, string>({
          db: database().db,
          batching: true,
          durable: false,
          concurrency,
          gatherMs,
          maxBatch,
          async write(_trx, items) {
            batches.push([...items]);
            return items.map((result) => ({ result }));
          },
        });
      const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

      const gathering = group(200);
      // After a quiet moment: at once, with only what the same turn of the event loop submitted.
      const quiet = performance.now();
      await Promise.all([gathering.submit('a'), gathering.submit('b')]);
      expect(performance.now() - quiet).toBeLessThan(150);
      expect(batches).toEqual([['a', 'b']]);
      // Within 200 ms of that batch (once it is done): held back until then, gathering what comes.
      await later(10);
      const third = gathering.submit('c');
      await later(20);
      // Held back on purpose: not a backlog the job runner should step aside for.
      expect(gathering.underPressure()).toBe(false);
      expect(batches).toEqual([['a', 'b']]);
      await Promise.all([third, gathering.submit('d')]);
      expect(batches).toEqual([
        ['a', 'b'],
        ['c', 'd'],
      ]);

      batches.length = 0;
      const alone = group(0);
      const one = alone.submit('c');
      await later(20);
      await Promise.all([one, alone.submit('d')]);
      expect(batches).toEqual([['c'], ['d']]);

      batches.length = 0;
      const full = group(60_000, 2);
      const started = Date.now();
      await Promise.all([full.submit('e'), full.submit('f')]);
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(batches).toEqual([['e', 'f']]);
    });
  }

  // Concurrent batches need several connections: PostgreSQL (SQLite's one connection runs them in turn).
  if (kind === 'postgres')
    it('with gatherMs and concurrency, a batch that starts while another is written also gathers', async () => {
      const batches: string[][] = [];
      let finishFirst = () => {};
      const firstWritten = new Promise<void>((resolve) => {
        finishFirst = resolve;
      });
      const group = new GroupCommit<string, string>({
        db: database().db,
        batching: true,
        durable: false,
        concurrency: 4,
        gatherMs: 100,
        async write(_trx, items) {
          batches.push([...items]);
          if (items.includes('a')) await firstWritten;
          return items.map((result) => ({ result }));
        },
      });
      const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      const first = group.submit('a');
      await later(10);
      const second = group.submit('b');
      await later(20);
      const third = group.submit('c');
      // 'a' is still being written; 'b' and 'c' wait for 100 ms after its start, then go together.
      expect(batches).toEqual([['a']]);
      await Promise.all([second, third]);
      expect(batches).toEqual([['a'], ['b', 'c']]);
      finishFirst();
      await first;
      await group.drain();
    });
});
