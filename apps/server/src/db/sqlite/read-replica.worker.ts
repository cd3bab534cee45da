import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

/** Runs the read replica's queries on its own read-only connection (see read-replica.ts). */

export interface ReplicaRequest {
  id: number;
  sql: string;
  parameters: readonly unknown[];
}

export interface ReplicaReply {
  id: number;
  rows?: unknown[];
  error?: string;
}

/** Prepared statements kept by SQL text (least recently prepared dropped). */
const STATEMENT_CACHE_SIZE = 200;

const port = parentPort!;
const { file } = workerData as { file: string };
const db = new SQLite(file, { readonly: true, fileMustExist: true });
const statements = new Map<string, SQLite.Statement>();

function statement(sql: string): SQLite.Statement {
  let found = statements.get(sql);
  if (!found) {
    found = db.prepare(sql);
    statements.set(sql, found);
    if (statements.size > STATEMENT_CACHE_SIZE) {
      const oldest = statements.keys().next().value;
      if (oldest !== undefined) statements.delete(oldest);
    }
  }
  return found;
}

port.on('message', (message: ReplicaRequest | 'stop') => {
  if (message === 'stop') {
    db.close();
    port.close();
    return;
  }
  let reply: ReplicaReply;
  try {
    const found = statement(message.sql);
    if (!found.reader) throw new Error('read replica: only queries that return rows');
    reply = { id: message.id, rows: found.all(message.parameters) };
  } catch (error) {
    reply = { id: message.id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
