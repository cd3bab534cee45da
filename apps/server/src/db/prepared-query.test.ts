import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '../../test/helpers.js';
import { type DatabaseHandle, migrateToLatest, openDatabase } from './database.js';
import { preparedQuery } from './prepared-query.js';

describeEachDatabase('preparedQuery', (kind) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    handle = openDatabase(database.url);
    await migrateToLatest(handle.db);
    await handle.db
      .insertInto('settings')
      .values([
        { key: 'a', value: '1', updated_at: 10, updated_by: null },
        { key: 'b', value: '2', updated_at: 20, updated_by: null },
      ])
      .execute();
  });
  afterAll(async () => {
    await handle.close();
    await database.destroy();
  });

  const storedValue = preparedQuery((db, key: string, after: number) =>
    db.selectFrom('settings').select('value').where('key', '=', key).where('updated_at', '>', after).limit(1),
  );

  it('binds each call its own arguments, keeping the constants of the shape', async () => {
    expect((await storedValue(handle.db, 'a', 0)).rows).toEqual([{ value: '1' }]);
    expect((await storedValue(handle.db, 'b', 0)).rows).toEqual([{ value: '2' }]);
    expect((await storedValue(handle.db, 'b', 20)).rows).toEqual([]);
  });

  it('binds a row argument field by field', async () => {
    const insert = preparedQuery(
      (db, row: { key: string; value: string; updated_at: number; updated_by: null }) =>
        db.insertInto('settings').values(row),
    );
    await insert(handle.db, { key: 'c', value: '3', updated_at: 30, updated_by: null });
    await insert(handle.db, { key: 'd', value: '4', updated_at: 40, updated_by: null });
    expect((await storedValue(handle.db, 'c', 0)).rows).toEqual([{ value: '3' }]);
    expect((await storedValue(handle.db, 'd', 0)).rows).toEqual([{ value: '4' }]);
  });

  it('runs inside a transaction, and writes', async () => {
    const rename = preparedQuery((db, key: string, value: string) =>
      db.updateTable('settings').set({ value }).where('key', '=', key),
    );
    await handle.db.transaction().execute(async (trx) => {
      await rename(trx, 'a', 'um');
      expect((await storedValue(trx, 'a', 0)).rows).toEqual([{ value: 'um' }]);
    });
    expect((await storedValue(handle.db, 'a', 0)).rows).toEqual([{ value: 'um' }]);
  });
});
