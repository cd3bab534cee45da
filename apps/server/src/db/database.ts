import { Kysely, type MigrationResultSet, Migrator, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { migrations } from './migrations/index.js';
import { namedStatementsPool } from './postgres/named-statements.js';
import type { Database } from './schema.js';
import { openSqlite, type SqliteOptions, syncSqliteCommitted } from './sqlite/open-sqlite.js';

export type DatabaseKind = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  /**
   * For heavy read-only queries (dashboard and analytics aggregates): a worker thread's connection
   * on SQLite with `readReplica` (see sqlite/read-replica.ts), otherwise `db` itself.
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

export interface OpenDatabaseOptions extends SqliteOptions {
  /** PostgreSQL pool size. */
  poolSize?: number;
  /** PostgreSQL: a `preparedQuery` runs as a named prepared statement (default true). */
  namedStatements?: boolean;
  /** PostgreSQL: how long a transaction may sit idle before the server ends its session. */
  idleInTransactionTimeoutMs?: number;
}

/**
 * A process frozen or cut off in the middle of a transaction keeps its row locks until PostgreSQL ends
 * its session, which without this takes hours (TCP keepalive): the linked device's lease, locked by
 * each fenced key write, could not change hands meanwhile. No transaction of ours waits on anything but
 * its own statements, so ten idle seconds mean its process is gone or stuck.
 */
const IDLE_IN_TRANSACTION_TIMEOUT_MS = 10_000;

/** Opens SQLite (file path) or PostgreSQL (`postgres://…`) behind the same Kysely interface. */
export function openDatabase(url: string, options: OpenDatabaseOptions = {}): DatabaseHandle {
  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      idle_in_transaction_session_timeout:
        options.idleInTransactionTimeoutMs ?? IDLE_IN_TRANSACTION_TIMEOUT_MS,
    });
    // An idle connection the server closed (restart, admin termination) is dropped by the pool and
    // the next query opens a new one; without a listener that event would crash the process.
    // `/api/dashboard/health` reports a database that stays unreachable.
    pool.on('error', () => {});
    // A session the server ends while a transaction holds its client (the idle timeout above, an
    // administrator) is reported on that client: the transaction's next query fails with it, and the
    // pool then drops the client. Unheard, the report would crash the process.
    pool.on('connect', (client) => client.on('error', () => {}));
    const dialect = new PostgresDialect({
      pool: options.namedStatements === false ? pool : namedStatementsPool(pool),
    });
    const db = new Kysely<Database>({ dialect });
    const parsed = new URL(url);
    return {
      db,
      readDb: db,
      kind: 'postgres',
      location: `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`,
      close: () => db.destroy(),
    };
  }
  const { db, readDb, file, close } = openSqlite(url, options);
  return { db, readDb, kind: 'sqlite', location: file, close };
}

/**
 * Resolves once every commit made so far on this database survives power loss (what was acknowledged
 * to a customer must not be lost). SQLite commits with `synchronous=NORMAL` and this fsyncs the
 * write-ahead log off the main thread (WalSync), which makes every earlier commit durable too, so
 * follow-up work (agent replies, delivery statuses) needs no fsync of its own. PostgreSQL commits are
 * durable already (`synchronous_commit=on`).
 */
export function syncCommitted(db: Kysely<Database>): Promise<void> {
  return syncSqliteCommitted(db);
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
