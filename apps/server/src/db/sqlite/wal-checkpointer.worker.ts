import { statSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

/** Checkpoints the write-ahead log on its own connection (see wal-checkpointer.ts). */

export interface CheckpointerData {
  file: string;
  minBytes: number;
  intervalMs: number;
}

export type CheckpointerReport = { checkpointed: number } | { error: string };

const port = parentPort!;
const { file, minBytes, intervalMs } = workerData as CheckpointerData;
const db = new SQLite(file, { fileMustExist: true });

/** The log's size, or null while it does not exist. */
function walBytes(): number | null {
  try {
    return statSync(`${file}-wal`).size;
  } catch {
    return null;
  }
}

// The timer runs each checkpoint to completion (synchronous), so two never overlap.
const timer = setInterval(() => {
  const bytes = walBytes();
  if (bytes === null || bytes < minBytes) return;
  let report: CheckpointerReport;
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)') as { checkpointed: number }[];
    report = { checkpointed: result?.checkpointed ?? 0 };
  } catch (error) {
    report = { error: String(error) };
  }
  port.postMessage(report);
}, intervalMs);

port.on('message', (message: unknown) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  port.close();
});
