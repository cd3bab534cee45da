import { once } from 'node:events';
import { Worker } from 'node:worker_threads';

/** The worker entry points of this folder, each a `<name>.worker.ts` file. */
export type SqliteWorkerName = 'read-replica' | 'wal-checkpointer';

export interface SqliteWorker {
  worker: Worker;
  /** Asks the worker to close its connection ('stop') and waits for it to exit; once, however often called. */
  stop(): Promise<void>;
}

// Compiled (dist) this module is a .js file beside the compiled workers. From source (tsx, vitest)
// it is .ts, and a worker thread has no TypeScript loader: worker-from-source.mjs registers tsx there.
const fromSource = import.meta.url.endsWith('.ts');

/**
 * Starts the worker thread `<name>.worker` of this folder with `workerData`. The worker must close
 * its connection and port on the message 'stop'. It never keeps the process alive.
 */
export function startSqliteWorker(name: SqliteWorkerName, workerData: object): SqliteWorker {
  const entry = new URL(`./${name}.worker.${fromSource ? 'ts' : 'js'}`, import.meta.url);
  const worker = fromSource
    ? new Worker(new URL('./worker-from-source.mjs', import.meta.url), {
        workerData: { ...workerData, entry: entry.href },
      })
    : new Worker(entry, { workerData });
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
