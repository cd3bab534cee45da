import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../database.js';

describe('SQLite writes whole-number limits and offsets into the SQL', () => {
  const handle = openDatabase(':memory:');
  afterAll(() => handle.close());

  it('as literals, so a cached statement is not compiled again at every run', () => {
    const compiled = handle.db.selectFrom('settings').select('key').limit(50).offset(10).compile();
    expect(compiled.sql).toMatch(/limit 50 offset 10$/);
    expect(compiled.parameters).toEqual([]);
  });

  it('binds anything else as before', () => {
    const fraction = handle.db.selectFrom('settings').select('key').limit(2.5).compile();
    expect(fraction.sql).toMatch(/limit \?$/);
    expect(fraction.parameters).toEqual([2.5]);
    const expression = handle.db.selectFrom('settings').select('key').limit(sql<number>`1 + 1`).compile();
    expect(expression.sql).toMatch(/limit 1 \+ 1$/);
  });

  it('and the query returns what the limit and offset say', async () => {
    await handle.db.schema.createTable('numbers').addColumn('n', 'integer').execute();
    await sql`insert into numbers (n) values (1), (2), (3), (4), (5)`.execute(handle.db);
    const page = await handle.db
      .selectFrom('numbers' as never)
      .select(sql<number>`n`.as('n'))
      .orderBy(sql`n`)
      .limit(2)
      .offset(1)
      .execute();
    expect(page).toEqual([{ n: 2 }, { n: 3 }]);
  });
});
