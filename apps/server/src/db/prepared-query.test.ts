import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, useMigratedDatabase } from '../../test/helpers.js';
import { PreparedQueryMisuse, preparedQuery, preparedQueryWithLimit } from './prepared-query.js';

describeEachDatabase('preparedQuery', (kind) => {
  const database = useMigratedDatabase(kind);
  beforeAll(async () => {
    await database()
      .db.insertInto('settings')
      .values([
        { key: 'a', value: '1', updated_at: 10, updated_by: null },
        { key: 'b', value: '2', updated_at: 20, updated_by: null },
      ])
      .execute();
  });

  const storedValue = preparedQuery((db, key: string, after: number) =>
    db.selectFrom('settings').select('value').where('key', '=', key).where('updated_at', '>', after).limit(1),
  );

  it('binds each call its own arguments, keeping the constants of the shape', async () => {
    expect((await storedValue(database().db, 'a', 0)).rows).toEqual([{ value: '1' }]);
    expect((await storedValue(database().db, 'b', 0)).rows).toEqual([{ value: '2' }]);
    expect((await storedValue(database().db, 'b', 20)).rows).toEqual([]);
  });

  it('binds a row argument field by field', async () => {
    const insert = preparedQuery(
      (db, row: { key: string; value: string; updated_at: number; updated_by: null }) =>
        db.insertInto('settings').values(row),
    );
    await insert(database().db, { key: 'c', value: '3', updated_at: 30, updated_by: null });
    await insert(database().db, { key: 'd', value: '4', updated_at: 40, updated_by: null });
    expect((await storedValue(database().db, 'c', 0)).rows).toEqual([{ value: '3' }]);
    expect((await storedValue(database().db, 'd', 0)).rows).toEqual([{ value: '4' }]);
  });

  it('with a LIMIT argument: each value its own query, the limit honoured', async () => {
    const newest = preparedQueryWithLimit((db, limit, after: number) =>
      db.selectFrom('settings').select('key').where('updated_at', '>', after).orderBy('key').limit(limit),
    );
    expect((await newest(database().db, 1, 0)).rows).toEqual([{ key: 'a' }]);
    expect((await newest(database().db, 2, 0)).rows).toEqual([{ key: 'a' }, { key: 'b' }]);
    expect((await newest(database().db, 1, 10)).rows).toEqual([{ key: 'b' }]);
    expect((await newest(database().db, 0, 0)).rows).toEqual([]);
    await expect(newest(database().db, 1.5, 0)).rejects.toThrow(/limit 1.5 is not a whole number/);
    await expect(newest(database().db, -1, 0)).rejects.toThrow(PreparedQueryMisuse);
  });

  it('runs inside a transaction, and writes', async () => {
    const rename = preparedQuery((db, key: string, value: string) =>
      db.updateTable('settings').set({ value }).where('key', '=', key),
    );
    await database()
      .db.transaction()
      .execute(async (trx) => {
        await rename(trx, 'a', 'um');
        expect((await storedValue(trx, 'a', 0)).rows).toEqual([{ value: 'um' }]);
      });
    expect((await storedValue(database().db, 'a', 0)).rows).toEqual([{ value: 'um' }]);
  });
});

describeEachDatabase('preparedQuery refuses what its compiled-once query cannot honour', (kind) => {
  const database = useMigratedDatabase(kind);

  it('an array argument (the length of an in-list changes the SQL)', async () => {
    const byKeys = preparedQuery((db, keys: string[]) =>
      db.selectFrom('settings').selectAll().where('key', 'in', keys),
    );
    await expect(byKeys(database().db, ['a', 'b'])).rejects.toThrow(/argument 1 is an array/);
  });

  it('a placeholder that chose the shape of the query instead of being bound', async () => {
    const optionalLimit = preparedQuery((db, key: string, limit: number) => {
      const query = db.selectFrom('settings').selectAll().where('key', '=', key);
      return limit > 0 ? query.limit(10) : query;
    });
    await expect(optionalLimit(database().db, 'a', 5)).rejects.toThrow(PreparedQueryMisuse);
    const unused = preparedQuery((db, key: string, _flag: boolean) =>
      db.selectFrom('settings').selectAll().where('key', '=', key),
    );
    await expect(unused(database().db, 'a', true)).rejects.toThrow(/argument 2 is not a bound value/);
  });

  it.runIf(kind === 'sqlite')(
    'a bound LIMIT (SQLite would compile the statement again at every run)',
    async () => {
      const limited = preparedQuery((db, limit: number) =>
        db.selectFrom('settings').select('key').limit(limit),
      );
      await expect(limited(database().db, 5)).rejects.toThrow(/use preparedQueryWithLimit/);
    },
  );

  it('an object argument whose fields differ from the first call', async () => {
    const insert = preparedQuery(
      (db, row: { key: string; value: string; updated_at: number; updated_by?: null }) =>
        db.insertInto('settings').values(row),
    );
    await insert(database().db, { key: 'x', value: '1', updated_at: 1, updated_by: null });
    await expect(insert(database().db, { key: 'y', value: '2', updated_at: 2 })).rejects.toThrow(
      /argument 1 has fields \[key, value, updated_at\]/,
    );
  });
});
