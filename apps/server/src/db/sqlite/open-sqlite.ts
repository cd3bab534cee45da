import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from '../schema.js';
import { LiteralLimitCompiler } from './literal-limit-compiler.js';
import { openReadReplica } from './read-replica.js';
import { kyselySqliteDatabase } from './statement-cache.js';
import { startWalCheckpointer } from './wal-checkpointer.js';
import { WalSync } from './wal-sync.js';

export interface SqliteOptions {
  /** Checkpoint the write-ahead log from a worker thread (the server; see wal-checkpointer). */
  backgroundCheckpoints?: boolean;
  /** Run `readDb` queries on a worker thread's read-only connection (the server). */
  readReplica?: boolean;
}

export interface OpenedSqlite {
  db: Kysely<Database>;
  readDb: Kysely<Database>;
  /** The absolute file path, or ':memory:'. */
  file: string;
  close(): Promise<void>;
}

class LiteralLimitDialect extends SqliteDialect {
  override createQueryCompiler() {
    return new LiteralLimitCompiler();
  }
}

/** SQLite databases opened here, with the fsync of their write-ahead log (none in memory). */
const walSyncs = new WeakMap<Kysely<Database>, WalSync | null>();

/** A SQLite file (or ':memory:') behind Kysely, with the pragmas, caches and workers the server uses. */
export function openSqlite(url: string, options: SqliteOptions): OpenedSqlite {
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
  // Statement journals (a multi-row write inside a transaction) and temporary b-trees in memory: on
  // disk each was a file created, written page by page and unlinked, thousands of system calls a
  // second under load. They hold one statement's pages, never the data itself.
  sqlite.pragma('temp_store = MEMORY');
  // After a checkpoint the log is reused from its start; cap what it keeps on disk meanwhile.
  sqlite.pragma(`journal_size_limit = ${32 * 1024 * 1024}`);
  const checkpointer =
    options.backgroundCheckpoints && file !== ':memory:' ? startWalCheckpointer(file) : null;
  // With the worker checkpointing, the connection's own checkpoint is only a safety net (~40 MB).
  if (checkpointer) sqlite.pragma('wal_autocheckpoint = 10000');
  const db = new Kysely<Database>({
    dialect: new LiteralLimitDialect({ database: kyselySqliteDatabase(sqlite) }),
  });
  const walSync = file === ':memory:' ? null : new WalSync(file);
  walSyncs.set(db, walSync);
  const readDb = options.readReplica && file !== ':memory:' ? openReadReplica(file) : db;
  return {
    db,
    readDb,
    file,
    close: async () => {
      if (readDb !== db) await readDb.destroy();
      await checkpointer?.stop();
      await walSync?.close();
      await db.destroy();
    },
  };
}

/**
 * Resolves once every commit made so far on a database opened here survives power loss: fsyncs the
 * write-ahead log off the main thread (WalSync). Anything else (PostgreSQL) resolves at once.
 */
export function syncSqliteCommitted(db: Kysely<Database>): Promise<void> {
  return walSyncs.get(db)?.sync() ?? Promise.resolve();
}
