import { type FileHandle, open } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * Makes SQLite's write-ahead log durable without blocking the event loop. With `synchronous=NORMAL`
 * a commit appends its pages to the `-wal` file (page cache, no fsync); `sync()` then fsyncs that file
 * on libuv's thread pool. Once it resolves, every commit made before the call survives power loss —
 * what `synchronous=FULL` gives, but FULL fsyncs on the main thread, stalling every request for the
 * disk's flush time (2–5 ms here, at each ingest batch).
 *
 * Two flushes may run at once, so a batch need not wait for a slow one that started before its commit;
 * callers beyond that share a single queued flush (it must start after their commit), so a burst of
 * batches costs a few flushes, not one each. Flushes can end out of order: callers that need order
 * chain on their own (IngestQueue answers in commit order). Checkpoints need no help:
 * in NORMAL mode SQLite syncs the log before copying it into the database and the database after.
 */
/** Flushes running at once; later callers share one queued flush. */
const MAX_PARALLEL_FLUSHES = 2;

export class WalSync {
  private handle: Promise<FileHandle> | null = null;
  private running = 0;
  private queued: { promise: Promise<void>; resolve(): void; reject(error: unknown): void } | null = null;
  private idle: Promise<void> = Promise.resolve();
  private markIdle: () => void = () => {};

  constructor(private readonly databaseFile: string) {}

  /** Resolves when everything committed before this call is on disk. */
  sync(): Promise<void> {
    if (this.queued) return this.queued.promise;
    if (this.running < MAX_PARALLEL_FLUSHES) return this.start();
    let resolve!: () => void;
    let reject!: (error: unknown) => void;
    const promise = new Promise<void>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    this.queued = { promise, resolve, reject };
    return promise;
  }

  async close(): Promise<void> {
    await this.idle;
    const handle = await this.handle?.catch(() => null);
    this.handle = null;
    await handle?.close();
  }

  private start(): Promise<void> {
    if (this.running++ === 0) {
      this.idle = new Promise((resolve) => {
        this.markIdle = resolve;
      });
    }
    const run = this.flush();
    void run
      .finally(() => {
        const queued = this.queued;
        this.queued = null;
        if (queued) this.start().then(queued.resolve, queued.reject);
        if (--this.running === 0) this.markIdle();
      })
      .catch(() => {});
    return run;
  }

  private async flush(): Promise<void> {
    this.handle ??= this.openLog();
    try {
      await (await this.handle).sync();
    } catch (error) {
      this.handle = null; // reopen next time (e.g. the log did not exist yet)
      throw error;
    }
  }

  /** The log file, and once its directory entry (a new file must be findable after a crash). */
  private async openLog(): Promise<FileHandle> {
    const log = await open(`${this.databaseFile}-wal`, 'r');
    const directory = await open(dirname(this.databaseFile), 'r');
    try {
      await directory.sync();
    } finally {
      await directory.close();
    }
    return log;
  }
}
