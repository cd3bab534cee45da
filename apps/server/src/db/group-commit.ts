import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

type Work<T> = (trx: Transaction<Database>) => Promise<T>;

interface Pending {
  work: Work<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * Group commit for short, independent write transactions on SQLite's single writer: work submitted
 * while a batch commits waits and runs in the next one, each item in turn inside one transaction, and
 * each caller is answered only after the commit that holds its writes. If any item throws, the whole
 * batch rolls back and its items run again one transaction each, so a failing item fails alone and the
 * others still commit. Items must therefore be safe to run twice up to their commit (pure database work
 * inside `trx`, side effects collected and applied by the caller after the answer).
 *
 * With `enabled: false` (PostgreSQL: several writers, row locks taken in different orders) every item
 * is simply its own transaction.
 */
export class GroupCommit {
  private queue: Pending[] = [];
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: { enabled: boolean; maxBatch?: number },
  ) {}

  run<T>(work: Work<T>): Promise<T> {
    if (!this.options.enabled) return this.db.transaction().execute(work);
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.flushing) this.flushing = this.flushAll();
    });
  }

  private async flushAll(): Promise<void> {
    // Let the work already in the event loop join the first batch.
    await new Promise<void>((resolve) => setImmediate(resolve));
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.options.maxBatch ?? 64);
        await this.commit(batch);
      }
    } finally {
      this.flushing = null;
    }
  }

  private async commit(batch: Pending[]): Promise<void> {
    if (batch.length === 1) {
      const [only] = batch as [Pending];
      await this.db.transaction().execute(only.work).then(only.resolve, only.reject);
      return;
    }
    let results: unknown[];
    try {
      results = await this.db.transaction().execute(async (trx) => {
        const values: unknown[] = [];
        for (const item of batch) values.push(await item.work(trx));
        return values;
      });
    } catch {
      for (const item of batch) await this.commit([item]);
      return;
    }
    for (const [i, item] of batch.entries()) item.resolve(results[i]);
  }
}
