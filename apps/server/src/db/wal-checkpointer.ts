import { startSqliteWorker } from './sqlite-worker.js';

export interface WalCheckpointerOptions {
  /** Checkpoint once the log holds at least this many bytes. */
  minBytes?: number;
  intervalMs?: number;
}

// Runs in the worker thread (see startSqliteWorker): plain CommonJS, given the driver's path.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { statSync } = require('node:fs');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file, { fileMustExist: true });
let busy = false;
const timer = setInterval(() => {
  if (busy) return;
  let size = 0;
  try { size = statSync(workerData.file + '-wal').size; } catch { return; }
  if (size < workerData.minBytes) return;
  busy = true;
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ checkpointed: result ? result.checkpointed : 0 });
  } catch (error) {
    parentPort.postMessage({ error: String(error) });
  } finally {
    busy = false;
  }
}, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface WalCheckpointer {
  /** Pages copied into the database so far (tests, diagnostics). */
  readonly checkpointedPages: number;
  stop(): Promise<void>;
}

/**
 * Copies SQLite's write-ahead log into the database from a worker thread, on its own connection, so
 * the main thread never pays for a checkpoint (copying thousands of pages and two fsyncs: stalls of
 * 10–30 ms under load when SQLite checkpoints inside a commit). PASSIVE checkpoints never block the
 * writer. The main connection keeps a high auto-checkpoint threshold as a safety net.
 */
export function startWalCheckpointer(file: string, options: WalCheckpointerOptions = {}): WalCheckpointer {
  const { worker, stop } = startSqliteWorker(WORKER_SOURCE, {
    file,
    minBytes: options.minBytes ?? 4 * 1024 * 1024,
    intervalMs: options.intervalMs ?? 250,
  });
  let checkpointedPages = 0;
  worker.on('message', (message: { checkpointed?: number }) => {
    checkpointedPages += message.checkpointed ?? 0;
  });
  // A failing checkpointer only means the main connection's own auto-checkpoint takes over.
  worker.on('error', () => {});
  return {
    stop,
    get checkpointedPages() {
      return checkpointedPages;
    },
  };
}
