import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Most prepared statements kept per SQLite connection. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * A query's rows as plain objects, built in JavaScript from better-sqlite3's raw arrays. The driver's
 * own object rows cost more: the inbox's 50-conversation page took 280–340 µs that way, against
 * 170–185 µs as arrays plus this loop (same file, warm cache). Same result as the driver's: one
 * property per column, in order; a repeated name keeps the last column's value.
 */
function objectRows(statement: SQLite.Statement): SqliteStatement {
  const raw = statement.raw(true);
  const names = raw.columns().map((column) => column.name);
  const toObject = (values: unknown[]) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) row[names[i] as string] = values[i];
    return row;
  };
  return {
    reader: true,
    all: (parameters) => (raw.all(parameters) as unknown[][]).map(toObject),
    run: (parameters) => raw.run(parameters),
    *iterate(parameters) {
      for (const values of raw.iterate(parameters) as IterableIterator<unknown[]>) yield toObject(values);
    },
  };
}

/**
 * The connection as Kysely's SQLite dialect sees it. Kysely prepares every query anew; preparing costs
 * about as much as running a small statement, so the hot paths (ingest, lists) reuse prepared
 * statements by SQL text (least recently used dropped). Rows come from `objectRows`.
 */
export function kyselySqliteDatabase(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string): SqliteStatement {
      const cached = cache.get(sql);
      if (cached) {
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const prepared = sqlite.prepare(sql);
      const statement = prepared.reader ? objectRows(prepared) : prepared;
      cache.set(sql, statement);
      if (cache.size > STATEMENT_CACHE_SIZE) {
        const oldest = cache.keys().next().value;
        if (oldest !== undefined) cache.delete(oldest);
      }
      return statement;
    },
  };
}
