import { type FileHandle, open } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * Makes SQLite's write-ahead log durable without blocking the event loop. With `synchronous=NORMAL`
 * a commit appends its pages to the `-wal` file (page cache, no fsync); `sync()` then fsyncs that file
 * on libuv's thread pool. Once it resolves, every commit made before the call survives power loss —
 * what `synchronous=FULL` gives, but FULL fsyncs on the main thread, stalling every request for the
 * disk's flush time (2–5 ms here, at each ingest batch).
 *
 * Calls coalesce: while one fsync runs, later callers share a single next one (it must start after
 * their commit), so a burst of batches costs two flushes, not one each. Checkpoints need no help:
 * in NORMAL mode SQLite syncs the log before copying it into the database and the database after.
 */
export class WalSync {
  private handle: Promise<FileHandle> | null = null;
  private running: Promise<void> | null = null;
  private next: Promise<void> | null = null;

  constructor(private readonly databaseFile: string) {}

  /** Resolves when everything committed before this call is on disk. */
  sync(): Promise<void> {
    if (this.next) return this.next;
    if (!this.running) return this.start();
    const after = this.running.catch(() => {});
    this.next = after.then(() => {
      this.next = null;
      return this.start();
    });
    return this.next;
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.running, this.next]);
    const handle = await this.handle?.catch(() => null);
    this.handle = null;
    await handle?.close();
  }

  private start(): Promise<void> {
    const run = this.flush();
    this.running = run;
    void run
      .finally(() => {
        if (this.running === run) this.running = null;
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
