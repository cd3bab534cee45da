import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';
import { isPreparedSql } from '../prepared-query.js';

/** One name per SQL text, the same on every connection (each prepares it on first use). */
const names = new Map<string, string>();

function nameFor(sql: string): string | undefined {
  if (!isPreparedSql(sql)) return undefined;
  let name = names.get(sql);
  if (name === undefined) {
    name = `atende_${names.size}`;
    names.set(sql, name);
  }
  return name;
}

function wrap(client: pg.PoolClient): PostgresPoolClient {
  function query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  function query<R>(
    sqlOrCursor: string | PostgresCursor<R>,
    parameters: ReadonlyArray<unknown> = [],
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof sqlOrCursor !== 'string') {
      return client.query(sqlOrCursor as unknown as pg.Submittable) as unknown as PostgresCursor<R>;
    }
    const name = nameFor(sqlOrCursor);
    const values = [...parameters];
    const config = name === undefined ? { text: sqlOrCursor, values } : { name, text: sqlOrCursor, values };
    // pg's result has what Kysely's own driver reads of it (`command`, `rowCount`, `rows`).
    return client.query(config) as unknown as Promise<PostgresQueryResult<R>>;
  }
  return { query, release: () => client.release() };
}

/**
 * The pool Kysely uses on PostgreSQL: the SQL of a `preparedQuery` (fixed text, hot path) runs as a
 * named prepared statement, parsed and planned once per connection instead of at every call — about
 * 40% less CPU per statement on both the server and PostgreSQL, measured on small selects and
 * updates. Other SQL (its text varies, e.g. `in (…)` lists) goes unnamed, so the statements a
 * connection keeps are bounded by the number of prepared queries.
 */
export function namedStatementsPool(pool: pg.Pool): PostgresPool {
  // Kysely keys its connection objects by client: hand back the same wrapper for the same client.
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrapped.get(client);
      if (!wrapper) {
        wrapper = wrap(client);
        wrapped.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}
