import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { useTempSqlite } from '../../../test/helpers.js';

const openTemp = useTempSqlite();
const setting = (key: string) => ({ key, value: '"v"', updated_at: 1, updated_by: null });

it('the main connection and the read replica write whole-number limits and offsets as literals', async () => {
  const { db, readDb } = await openTemp({ readReplica: true });
  expect(readDb).not.toBe(db);
  for (const handle of [db, readDb]) {
    // As literals, so a cached statement is not compiled again at every run.
    const compiled = handle.selectFrom('settings').select('key').limit(50).offset(10).compile();
    expect(compiled.sql).toMatch(/limit 50 offset 10$/);
    expect(compiled.parameters).toEqual([]);
    // Anything else is bound, or written, as before.
    const fraction = handle.selectFrom('settings').select('key').limit(2.5).compile();
    expect(fraction.sql).toMatch(/limit \?$/);
    expect(fraction.parameters).toEqual([2.5]);
    const expression = handle.selectFrom('settings').select('key').limit(sql<number>`1 + 1`).compile();
    expect(expression.sql).toMatch(/limit 1 \+ 1$/);
  }
});

it('and each returns the page the limit and offset say', async () => {
  const { db, readDb } = await openTemp({ readReplica: true });
  await db.insertInto('settings').values(['a', 'b', 'c', 'd', 'e'].map(setting)).execute();
  for (const handle of [db, readDb]) {
    const page = await handle
      .selectFrom('settings')
      .select('key')
      .orderBy('key')
      .limit(2)
      .offset(1)
      .execute();
    expect(page).toEqual([{ key: 'b' }, { key: 'c' }]);
  }
});
