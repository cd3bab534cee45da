import type { Kysely, Transaction } from 'kysely';
import { syncCommitted } from './database.js';
import type { Database } from './schema.js';

/** What writing one item produced: its answer, and what to run once it is committed. */
export interface Written<R> {
  result: R;
  /** Right after the commit, in commit order (e.g. realtime events). */
  onCommit?: (() => void) | undefined;
  /** Once the commit is durable, just before the caller is answered (e.g. wake the job runner). */
  onDurable?: (() => void) | undefined;
}

export interface GroupCommitOptions<I, R> {
  db: Kysely<Database>;
  /**
   * Writes the items inside one transaction, one `Written` per item, in order. Called again with one
   * item at a time when a batch fails, so it must be pure database work up to the commit.
   */
  write(trx: Transaction<Database>, items: readonly I[]): Promise<Written<R>[]>;
  /** An item failed alone: answer this instead of the error (e.g. a replay another process stored). */
  recover?(item: I, error: unknown): Promise<R | undefined>;
  /** Share transactions between items (SQLite's single writer). Off: one transaction each, at once. */
  batching: boolean;
  /** Answer callers only once their commit survives power loss (`syncCommitted`). */
  durable: boolean;
  /** Most items committed together. */
  maxBatch?: number;
  /** Batches written at once (several connections, e.g. PostgreSQL); 1 by default. */
  concurrency?: number;
  /**
   * Batches start at most this often (ms; no limit by default): an item that comes within `gatherMs`
   * of the last batch's start waits for the rest of that time, gathering the others that come
   * meanwhile. Under load batches form by themselves while one commits; at a moderate rate each item
   * would go alone, paying for its own transaction, statements and burst of events. An item after a
   * quiet moment goes at once: the wait is paid only while items keep coming.
   */
  gatherMs?: number | undefined;
}

interface Pending<I, R> {
  item: I;
  resolve(result: R): void;
  reject(error: unknown): void;
}

/** Unanswered items (e.g. waiting for a slow fsync) from which the queue counts as under pressure. */
const PRESSURE_UNANSWERED = 16;

/**
 * Group commit: items submitted while a transaction commits wait and go together in the next one
 * (one commit, and with `durable` one fsync, per batch instead of per item: an fsync per inbound
 * message would cap ingest at a few hundred per second). Each batch's `onCommit` work runs right after
 * its commit; callers are answered — and `onDurable` run — in commit order, after the commit is on disk
 * when `durable`, while the next batch is already being written. If a batch fails it rolls back and
 * its items are retried one transaction each, so one bad item fails alone.
 */
export class GroupCommit<I, R> {
  private queue: Pending<I, R>[] = [];
  private flushing: Promise<void> | null = null;
  private writing = 0;
  /** Committed batches waiting to be answered, in commit order. */
  private answering: Promise<void> = Promise.resolve();
  private unanswered = 0;
  /** Without batching: the transactions running now. */
  private readonly inFlight = new Set<Promise<void>>();
  private readonly maxBatch: number;
  /**
   * While a batch gathers (`gatherMs`), the first of a flush or, with concurrency, one held back while
   * others are written: ends the wait, early once a batch is full.
   */
  private gathering: { end(): void; ended: Promise<void> } | null = null;
  /** When the last batch started (`gatherMs`). */
  private lastFlushAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly options: GroupCommitOptions<I, R>) {
    this.maxBatch = options.maxBatch ?? 256;
  }

  submit(item: I): Promise<R> {
    this.unanswered++;
    const answered = new Promise<R>((resolve, reject) => {
      const pending = { item, resolve, reject };
      if (!this.options.batching) {
        const run = this.commit([pending]);
        this.inFlight.add(run);
        void run.finally(() => this.inFlight.delete(run));
        return;
      }
      this.queue.push(pending);
      if (!this.flushing) this.flushing = this.flushAll();
      else if (this.gathering) {
        if (this.queue.length >= this.maxBatch) this.gathering.end();
      } else this.pump();
    });
    const settle = () => {
      this.unanswered--;
    };
    answered.then(settle, settle);
    return answered;
  }

  /** Items arrive faster than they are answered: background work should step aside. */
  underPressure(): boolean {
    // Items held back on purpose to gather a batch are not a backlog.
    return (this.queue.length > 0 && !this.gathering) || this.unanswered >= PRESSURE_UNANSWERED;
  }

  /** Resolves once everything submitted so far is committed and answered (shutdown). */
  async drain(): Promise<void> {
    while (this.flushing) await this.flushing;
    await Promise.all(this.inFlight);
    await this.answering;
  }

  private async flushAll(): Promise<void> {
    const wait = this.paceWait();
    if (wait > 0) await this.gather(wait).ended;
    // Let the work already in the event loop join the first batch.
    else await new Promise<void>((resolve) => setImmediate(resolve));
    const concurrency = this.options.concurrency ?? 1;
    try {
      if (concurrency <= 1) {
        while (this.queue.length > 0) {
          this.lastFlushAt = performance.now();
          await this.commit(this.queue.splice(0, this.maxBatch));
        }
        return;
      }
      this.pump(true);
      while (this.writing > 0 || this.gathering) {
        await Promise.race(this.gathering ? [...this.inFlight, this.gathering.ended] : this.inFlight);
      }
    } finally {
      this.flushing = null;
    }
  }

  /** How long the next batch should wait to start at most every `gatherMs` (0: at once). */
  private paceWait(): number {
    if (!this.options.gatherMs || this.queue.length >= this.maxBatch) return 0;
    return this.lastFlushAt + this.options.gatherMs - performance.now();
  }

  /** Holds the next batch back for `ms`, gathering what comes meanwhile (less if it fills up). */
  private gather(ms: number): { end(): void; ended: Promise<void> } {
    let end = () => {};
    const ended = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      end = () => {
        clearTimeout(timer);
        resolve();
      };
    }).then(() => {
      this.gathering = null;
    });
    this.gathering = { end, ended };
    return this.gathering;
  }

  /**
   * With concurrency: starts batches while fewer than that many are being written, paced by
   * `gatherMs` like the first (`first`: that one, already gathered), so a batch that starts while
   * another is written still gathers the items that keep coming instead of taking them one by one.
   */
  private pump(first = false): void {
    const concurrency = this.options.concurrency ?? 1;
    if (concurrency <= 1 || !this.flushing || this.gathering) return;
    while (this.queue.length > 0 && this.writing < concurrency) {
      const wait = first ? 0 : this.paceWait();
      first = false;
      if (wait > 0) {
        void this.gather(wait).ended.then(() => this.pump(true));
        return;
      }
      this.lastFlushAt = performance.now();
      this.writing++;
      const run = this.commit(this.queue.splice(0, this.maxBatch)).finally(() => {
        this.writing--;
        this.inFlight.delete(run);
        this.pump();
      });
      this.inFlight.add(run);
    }
  }

  private async commit(batch: Pending<I, R>[]): Promise<void> {
    let written: Written<R>[];
    try {
      written = await this.options.db.transaction().execute(async (trx) => {
        const out = await this.options.write(
          trx,
          batch.map((pending) => pending.item),
        );
        if (out.length !== batch.length) throw new Error('group commit: one result per item expected');
        return out;
      });
    } catch (error) {
      await this.recover(batch, error);
      return;
    }
    const durable = this.options.durable ? syncCommitted(this.options.db) : Promise.resolve();
    for (const entry of written) entry.onCommit?.();
    // Flushes may end out of order; answers keep the commit order.
    this.answering = this.answering.then(() =>
      durable.then(
        () => {
          for (const [i, pending] of batch.entries()) {
            const entry = written[i] as Written<R>;
            entry.onDurable?.();
            pending.resolve(entry.result);
          }
        },
        (error: unknown) => {
          for (const pending of batch) pending.reject(error);
        },
      ),
    );
  }

  /** A batch failed and rolled back: each item again in its own transaction. */
  private async recover(batch: Pending<I, R>[], error: unknown): Promise<void> {
    if (batch.length > 1) {
      for (const pending of batch) await this.commit([pending]);
      return;
    }
    const [only] = batch;
    if (!only) return;
    const instead = await this.options.recover?.(only.item, error).catch(() => undefined);
    if (instead !== undefined) only.resolve(instead);
    else only.reject(error);
  }
}

type Work<T> = (trx: Transaction<Database>) => Promise<T>;

/** Short independent transactions given as functions, group-committed (see `GroupCommit`). */
export interface TransactionBatcher {
  /** `lockKey`: the row the work will lock (see `lockInOrder`). */
  run<T>(work: Work<T>, lockKey?: string): Promise<T>;
  drain(): Promise<void>;
}

export interface TransactionBatcherOptions {
  batching: boolean;
  maxBatch?: number;
  /** Batches start at most this often (ms; see `GroupCommitOptions.gatherMs`). */
  gatherMs?: number | undefined;
  /**
   * Locks the rows the batch's works name, sorted, in one statement before any work runs. Works that
   * each lock a row would otherwise take them in arrival order while holding the earlier ones, and
   * deadlock against another writer that locks the same rows in key order (PostgreSQL).
   */
  lockInOrder?: (trx: Transaction<Database>, sortedKeys: readonly string[]) => Promise<void>;
}

/**
 * A `GroupCommit` over functions of a transaction, each answered right after the commit that holds
 * its writes (not waiting for the fsync): the functions run in turn inside the batch's transaction and
 * must be safe to run twice up to their commit.
 */
export function transactionBatcher(
  db: Kysely<Database>,
  options: TransactionBatcherOptions,
): TransactionBatcher {
  const { lockInOrder } = options;
  const group = new GroupCommit<{ work: Work<unknown>; lockKey: string | undefined }, unknown>({
    db,
    batching: options.batching,
    durable: false,
    maxBatch: options.maxBatch ?? 64,
    gatherMs: options.gatherMs,
    async write(trx, items) {
      if (lockInOrder) {
        const keys = [
          ...new Set(items.flatMap((item) => (item.lockKey === undefined ? [] : [item.lockKey]))),
        ];
        if (keys.length > 0) await lockInOrder(trx, keys.sort());
      }
      const written: Written<unknown>[] = [];
      for (const { work } of items) written.push({ result: await work(trx) });
      return written;
    },
  });
  return {
    run: <T>(work: Work<T>, lockKey?: string) => group.submit({ work, lockKey }) as Promise<T>,
    drain: () => group.drain(),
  };
}
