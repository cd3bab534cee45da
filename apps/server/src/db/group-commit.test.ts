import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '../../test/helpers.js';
import { type DatabaseHandle, migrateToLatest, openDatabase } from './database.js';
import { GroupCommit } from './group-commit.js';

describeEachDatabase('GroupCommit', (kind) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    handle = openDatabase(database.url);
    await migrateToLatest(handle.db);
  });
  afterAll(async () => {
    await handle.close();
    await database.destroy();
  });

  const insert = (key: string) => async (trx: Parameters<Parameters<GroupCommit['run']>[0]>[0]) => {
    await trx.insertInto('settings').values({ key, value: '1', updated_at: 1, updated_by: null }).execute();
    return key;
  };
  const keys = async () =>
    (await handle.db.selectFrom('settings').select('key').orderBy('key').execute()).map((row) => row.key);

  for (const enabled of [true, false]) {
    it(`answers each caller after its commit; a failing item fails alone (enabled: ${enabled})`, async () => {
      const group = new GroupCommit(handle.db, { enabled });
      const prefix = enabled ? 'g' : 'p';
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
});
