import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  type MigrationResultSet,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  type Transaction,
} from 'kysely';
import pg from 'pg';
import { migrations } from './migrations/index.js';
import { openReadReplica } from './read-replica.js';
import type { Database } from './schema.js';
import { kyselySqliteDatabase } from './sqlite-statements.js';
import { startWalCheckpointer } from './wal-checkpointer.js';
import { WalSync } from './wal-sync.js';

export type DatabaseKind = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  /**
   * For heavy read-only queries (dashboard and analytics aggregates): a worker thread's connection
   * on SQLite with `readReplica` (see read-replica.ts), otherwise `db` itself.
   */
  readDb: Kysely<Database>;
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

export interface OpenDatabaseOptions {
  /** PostgreSQL pool size. */
  poolSize?: number;
  /** SQLite: checkpoint the write-ahead log from a worker thread (the server; see wal-checkpointer). */
  backgroundCheckpoints?: boolean;
  /** SQLite: run `readDb` queries on a worker thread's read-only connection (the server). */
  readReplica?: boolean;
}

/** Opens SQLite (file path) or PostgreSQL (`postgres://…`) behind the same Kysely interface. */
export function openDatabase(url: string, options: OpenDatabaseOptions = {}): DatabaseHandle {
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
      readDb: db,
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
  // acknowledge something to the outside (inbound ingest) go through `durableTransaction`, which also
  // survives power loss.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // After a checkpoint the log is reused from its start; cap what it keeps on disk meanwhile.
  sqlite.pragma(`journal_size_limit = ${32 * 1024 * 1024}`);
  const checkpointer =
    options.backgroundCheckpoints && file !== ':memory:' ? startWalCheckpointer(file) : null;
  // With the worker checkpointing, the connection's own checkpoint is only a safety net (~40 MB).
  if (checkpointer) sqlite.pragma('wal_autocheckpoint = 10000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: kyselySqliteDatabase(sqlite) }) });
  const walSync = file === ':memory:' ? null : new WalSync(file);
  sqliteDatabases.set(db, walSync);
  const readDb = options.readReplica && file !== ':memory:' ? openReadReplica(file) : db;
  return {
    db,
    readDb,
    kind: 'sqlite',
    location: file,
    close: async () => {
      if (readDb !== db) await readDb.destroy();
      await checkpointer?.stop();
      await walSync?.close();
      await db.destroy();
    },
  };
}

/** SQLite databases opened here, with the fsync of their write-ahead log (none in memory). */
const sqliteDatabases = new WeakMap<Kysely<Database>, WalSync | null>();

/**
 * Resolves once every commit made so far on this database survives power loss
 * (reference/security-reliability §22). SQLite commits with `synchronous=NORMAL` and this fsyncs the
 * write-ahead log off the main thread (WalSync), which makes every earlier commit durable too, so
 * follow-up work (agent replies, delivery statuses) needs no fsync of its own. PostgreSQL commits are
 * durable already (`synchronous_commit=on`).
 */
export function syncCommitted(db: Kysely<Database>): Promise<void> {
  return sqliteDatabases.get(db)?.sync() ?? Promise.resolve();
}

/** A transaction that resolves only once its commit is on disk (see `syncCommitted`). */
export async function durableTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  const result = await db.transaction().execute(work);
  await syncCommitted(db);
  return result;
}

export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const result = await migrator.migrateToLatest();
  if (result.error) throw result.error;
  return result;
}
