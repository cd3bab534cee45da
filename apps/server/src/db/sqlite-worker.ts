import { once } from 'node:events';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

export interface SqliteWorker {
  worker: Worker;
  /** Asks the worker to close its connection ('stop') and waits for it to exit; once, however often called. */
  stop(): Promise<void>;
}

/**
 * Starts a worker thread running `source`: plain CommonJS evaluated there (no TypeScript loader in
 * workers), given `workerData` plus `driver`, the path to better-sqlite3. The source must close its
 * connection and port on the message 'stop'. The worker never keeps the process alive.
 */
export function startSqliteWorker(source: string, workerData: Record<string, unknown>): SqliteWorker {
  const worker = new Worker(source, {
    eval: true,
    workerData: { ...workerData, driver: createRequire(import.meta.url).resolve('better-sqlite3') },
  });
  worker.unref();
  let exited = false;
  // `once` rejects if the worker emits 'error' first: either way it is gone.
  const exit = once(worker, 'exit')
    .catch(() => {})
    .then(() => {
      exited = true;
    });
  let stopped: Promise<void> | null = null;
  return {
    worker,
    stop() {
      stopped ??= (async () => {
        if (exited) return;
        worker.postMessage('stop');
        await exit;
      })();
      return stopped;
    },
  };
}
