import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { kyselySqliteDatabase } from './statement-cache.js';

describe('kyselySqliteDatabase', () => {
  let sqlite: SQLite.Database;

  beforeEach(() => {
    sqlite = new SQLite(':memory:');
    sqlite.exec(`
      create table a (id integer primary key, name text, score real, data blob);
      create table b (id integer primary key, a_id integer, name text);
      insert into a values (1, 'Ana', 1.5, x'0102'), (2, null, null, null);
      insert into b values (10, 1, 'pedido'), (11, 2, null);
    `);
  });
  afterEach(() => {
    sqlite.close();
  });

  const queries: Array<[string, unknown[]]> = [
    ['select * from a order by id', []],
    ['select a.id, a.name, b.name as b_name from a join b on b.a_id = a.id where a.id >= ?', [1]],
    // Repeated names: the driver keeps the last column's value; so must we.
    ['select a.name, b.name from a join b on b.a_id = a.id order by a.id', []],
    ['select count(*) as n, max(score) as top from a', []],
    ['select * from a where id = ?', [99]],
  ];

  it.each(queries)('gives the same rows as the driver, keys in order: %s', (sql, parameters) => {
    const expected = sqlite.prepare(sql).all(...parameters);
    const statement = kyselySqliteDatabase(sqlite).prepare(sql);
    expect(statement.reader).toBe(true);
    const rows = statement.all(parameters);
    expect(rows).toEqual(expected);
    expect(rows.map((row) => Object.keys(row as object))).toEqual(
      expected.map((row) => Object.keys(row as object)),
    );
    expect([...statement.iterate(parameters)]).toEqual(expected);
  });

  it('answers RETURNING as rows and writes through run(), reusing prepared statements', () => {
    const database = kyselySqliteDatabase(sqlite);
    const insert = 'insert into b (a_id, name) values (?, ?) returning id, name';
    expect(database.prepare(insert).all([1, 'troca'])).toEqual([{ id: 12, name: 'troca' }]);
    expect(database.prepare(insert)).toBe(database.prepare(insert));
    const update = database.prepare('update b set name = ? where a_id = ?');
    expect(update.reader).toBe(false);
    expect(update.run(['devolução', 1])).toMatchObject({ changes: 2 });
    expect(sqlite.prepare('select name from b where a_id = 1').pluck().all()).toEqual([
      'devolução',
      'devolução',
    ]);
  });
});
