import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { useMigratedDatabase } from '../../../test/helpers.js';
import { openDatabase } from '../database.js';
import { preparedQuery } from '../prepared-query.js';
import type { Database } from '../schema.js';
import { namedStatementsPool } from './named-statements.js';

describe.runIf(process.env.TEST_DATABASE_URL)('named statements [postgres]', () => {
  const database = useMigratedDatabase('postgres');

  const settingValue = preparedQuery((db, key: string) =>
    db.selectFrom('settings').select('value').where('key', '=', key),
  );

  it("prepares a preparedQuery's SQL once per connection; other SQL not on its first run", async () => {
    const prepared = await database()
      .db.transaction()
      .execute(async (trx) => {
        await trx
          .insertInto('settings')
          .values({ key: 'k', value: 'v', updated_at: 1, updated_by: null })
          .execute();
        // Twice on the same connection: parsed once, then executed by name.
        expect((await settingValue(trx, 'k')).rows).toEqual([{ value: 'v' }]);
        expect((await settingValue(trx, 'missing')).rows).toEqual([]);
        const { rows } = await sql<{
          statement: string;
        }>`select statement from pg_prepared_statements`.execute(trx);
        return rows.map((row) => row.statement);
      });
    expect(prepared).toContainEqual(expect.stringContaining('from "settings" where "key" = $1'));
    expect(prepared).not.toContainEqual(expect.stringContaining('insert into "settings"'));
  });

  it('prepares nothing when turned off (a pooler that cannot keep them)', async () => {
    const unnamed = openDatabase(database().url, { namedStatements: false });
    try {
      const prepared = await unnamed.db.transaction().execute(async (trx) => {
        expect((await settingValue(trx, 'k')).rows).toEqual([{ value: 'v' }]);
        return (await sql`select statement from pg_prepared_statements`.execute(trx)).rows;
      });
      expect(prepared).toEqual([]);
    } finally {
      await unnamed.close();
    }
  });

  it('prepares other SQL once its text recurs, up to a bound of texts', async () => {
    const pool = new pg.Pool({ connectionString: database().url, max: 1 });
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({
        pool: namedStatementsPool(pool, {
          autoPrepareAfter: 3,
          maxAutoPrepared: 2,
          maxAutoPreparedLength: 80,
        }),
      }),
    });
    try {
      // Over the length bound itself, so reading the list never counts toward it.
      const prepared = () =>
        db
          .selectFrom(sql<{ statement: string }>`pg_prepared_statements`.as('p'))
          .select('statement')
          .where('statement', 'not like', '%pg_prepared_statements%')
          .orderBy('statement')
          .execute()
          .then((rows) => rows.map((row) => row.statement));
      // Batch-like texts: the SQL varies with the number of keys.
      const lookup = (keys: string[]) =>
        db.selectFrom('settings').select('value').where('key', 'in', keys).execute();
      // Longer than the bound on length: never prepared, however often it runs.
      const long = ['k1', 'k2', 'k3', 'k4', 'k5', 'k6', 'k7', 'k8', 'k9', 'k10', 'k11', 'k12'];
      for (let i = 0; i < 5; i++) await lookup(long);
      await lookup(['a']);
      await lookup(['a']);
      expect(await prepared()).toEqual([]);
      await lookup(['b']);
      // The third run of that text prepared it; the same text then runs by name.
      await lookup(['c']);
      const one = 'select "value" from "settings" where "key" in ($1)';
      expect(await prepared()).toEqual([one]);

      const two = 'select "value" from "settings" where "key" in ($1, $2)';
      for (let i = 0; i < 3; i++) await lookup(['a', 'b']);
      for (let i = 0; i < 5; i++) await lookup(['a', 'b', 'c']);
      // The bound was reached at two texts: the third stays unnamed however often it runs.
      expect(await prepared()).toEqual([one, two]);
      expect((await lookup(['a', 'b', 'c'])).length).toBe(0);
    } finally {
      await db.destroy();
    }
  });
});
