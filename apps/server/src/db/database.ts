import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  type MigrationResultSet,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  sql,
  type Transaction,
} from 'kysely';
import pg from 'pg';
import { migrations } from './migrations/index.js';
import type { Database } from './schema.js';

export type DatabaseKind = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** Human-readable location (file path or host/db), never credentials. */
  location: string;
  close(): Promise<void>;
}

// bigint (int8) and numeric come back from pg as strings by default; our instants fit in a double.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

/** Opens SQLite (file path) or PostgreSQL (`postgres://…`) behind the same Kysely interface. */
export function openDatabase(url: string, options: { poolSize?: number } = {}): DatabaseHandle {
  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 });
    // An idle connection the server closed (restart, admin termination) is dropped by the pool and
    // the next query opens a new one; without a listener that event would crash the process.
    // `/api/dashboard/health` reports a database that stays unreachable.
    pool.on('error', () => {});
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const parsed = new URL(url);
    return {
      db,
      kind: 'postgres',
      location: `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`,
      close: () => db.destroy(),
    };
  }
  const file = url === ':memory:' ? url : resolve(url);
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // NORMAL in WAL mode: every commit survives a process crash (kill -9) without an fsync. Commits that
  // acknowledge something to the outside (inbound ingest) go through `durableTransaction`, which syncs.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  sqliteDatabases.add(db);
  return { db, kind: 'sqlite', location: file, close: () => db.destroy() };
}

const sqliteDatabases = new WeakSet<Kysely<Database>>();

/**
 * A transaction whose commit survives power loss, for writes acknowledged to the outside world
 * (reference/security-reliability §22). On SQLite the one connection switches to `synchronous=FULL`
 * for this commit only: in WAL mode that fsync also makes every earlier (NORMAL) commit durable, so the
 * follow-up work (agent replies, delivery statuses) needs no fsync of its own. PostgreSQL commits are
 * durable already (`synchronous_commit=on`).
 */
export function durableTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  if (!sqliteDatabases.has(db)) return db.transaction().execute(work);
  return db.connection().execute(async (connection) => {
    await sql`pragma synchronous = FULL`.execute(connection);
    try {
      return await connection.transaction().execute(work);
    } finally {
      await sql`pragma synchronous = NORMAL`.execute(connection);
    }
  });
}

/** Most prepared statements kept per SQLite connection. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; preparing costs about as much as running a small statement, so
 * the hot paths (ingest, lists) reuse prepared statements by SQL text (least recently used dropped).
 */
function withStatementCache(sqlite: SQLite.Database) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string): SQLite.Statement {
      const cached = cache.get(sql);
      if (cached) {
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      cache.set(sql, statement);
      if (cache.size > STATEMENT_CACHE_SIZE) {
        const oldest = cache.keys().next().value;
        if (oldest !== undefined) cache.delete(oldest);
      }
      return statement;
    },
  };
}

export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const result = await migrator.migrateToLatest();
  if (result.error) throw result.error;
  return result;
}
