import type { Worker } from 'node:worker_threads';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
} from 'kysely';
import type { Database } from '../schema.js';
import { LiteralLimitCompiler } from './literal-limit-compiler.js';
import type { ReplicaReply, ReplicaRequest } from './read-replica.worker.js';
import { type SqliteWorker, startSqliteWorker } from './sqlite-worker.js';

/** Runs compiled queries on the worker's read-only connection, one message each. */
class WorkerConnection implements DatabaseConnection {
  private nextId = 0;
  private readonly waiting = new Map<
    number,
    { resolve(rows: unknown[]): void; reject(error: Error): void }
  >();

  constructor(private readonly worker: Worker) {
    worker.on('message', (reply: ReplicaReply) => {
      const pending = this.waiting.get(reply.id);
      if (!pending) return;
      this.waiting.delete(reply.id);
      if (reply.error !== undefined) pending.reject(new Error(reply.error));
      else pending.resolve(reply.rows ?? []);
    });
    const failAll = (error: Error) => {
      for (const pending of this.waiting.values()) pending.reject(error);
      this.waiting.clear();
    };
    worker.on('error', failAll);
    worker.on('exit', () => failAll(new Error('read replica stopped')));
  }

  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve: (rows) => resolve({ rows: rows as R[] }), reject });
      const request: ReplicaRequest = { id, sql: compiled.sql, parameters: compiled.parameters };
      this.worker.postMessage(request);
    });
  }

  // biome-ignore lint/correctness/useYield: streaming is not offered; the generator only throws.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('read replica: streaming is not supported');
  }
}

const readOnly = () => Promise.reject(new Error('read replica: transactions are not supported'));

class WorkerDriver implements Driver {
  private readonly thread: SqliteWorker;
  private readonly connection: WorkerConnection;

  constructor(file: string) {
    this.thread = startSqliteWorker('read-replica', { file });
    this.connection = new WorkerConnection(this.thread.worker);
  }

  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return this.connection;
  }
  beginTransaction = readOnly;
  commitTransaction = readOnly;
  rollbackTransaction = readOnly;
  async releaseConnection(): Promise<void> {}
  destroy(): Promise<void> {
    return this.thread.stop();
  }
}

/**
 * A read-only Kysely over the same SQLite file, executed on a worker thread's own connection. The
 * dashboard's aggregate queries (stats, series, analytics: 10–30 ms each on a month of history, more
 * on a busy day) run there, so they never hold up customer messages on the main thread. WAL lets the
 * reader see every committed write while the main connection keeps writing. Queries are compiled
 * here and only their SQL and parameters cross to the worker; anything but a query is refused.
 */
export function openReadReplica(file: string): Kysely<Database> {
  const driver = new WorkerDriver(file);
  return new Kysely<Database>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => driver,
      createQueryCompiler: () => new LiteralLimitCompiler(),
      createIntrospector: (db) => new SqliteIntrospector(db),
    },
  });
}
