import { startSqliteWorker } from './sqlite-worker.js';
import type { CheckpointerData, CheckpointerReport } from './wal-checkpointer.worker.js';

export interface WalCheckpointerOptions {
  /** Checkpoint once the log holds at least this many bytes. */
  minBytes?: number;
  intervalMs?: number;
}

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
  const data: CheckpointerData = {
    file,
    minBytes: options.minBytes ?? 4 * 1024 * 1024,
    intervalMs: options.intervalMs ?? 250,
  };
  const { worker, stop } = startSqliteWorker('wal-checkpointer', data);
  let checkpointedPages = 0;
  worker.on('message', (report: CheckpointerReport) => {
    if ('checkpointed' in report) checkpointedPages += report.checkpointed;
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
