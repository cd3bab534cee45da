import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useMigratedDatabase } from '../../../test/helpers.js';
import { openDatabase } from '../database.js';
import { preparedQuery } from '../prepared-query.js';

describe.runIf(process.env.TEST_DATABASE_URL)('named statements [postgres]', () => {
  const database = useMigratedDatabase('postgres');

  const settingValue = preparedQuery((db, key: string) =>
    db.selectFrom('settings').select('value').where('key', '=', key),
  );

  it("prepares a preparedQuery's SQL once per connection; other SQL stays unnamed", async () => {
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
    expect(prepared).toEqual([expect.stringContaining('from "settings" where "key" = $1')]);
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
});
