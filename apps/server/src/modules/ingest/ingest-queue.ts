import type { Kysely } from 'kysely';
import type { InboundMessage, InboundResult } from '../../channels/channel.js';
import { syncCommitted } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { JobRunner } from '../../jobs/job-runner.js';
import type { Realtime } from '../../types.js';
import { PendingEvents } from '../messages/pending-events.js';
import { DuplicateDelivery, findDelivered, findDeliveredMany, ingestOne } from './ingest-one.js';

interface Pending {
  inbound: InboundMessage;
  resolve(result: InboundResult): void;
  reject(error: unknown): void;
}

interface Outcome {
  result: InboundResult;
  events: PendingEvents;
  enqueued: boolean;
}

export interface IngestQueueOptions {
  db: Kysely<Database>;
  jobs: JobRunner;
  realtime: Realtime;
  /** Most messages committed together. */
  maxBatch?: number;
}

/** Unanswered messages (e.g. waiting for a slow fsync) from which ingest counts as under pressure. */
const PRESSURE_UNANSWERED = 16;

/**
 * Group commit for inbound messages. Messages that arrive while a transaction is committing wait and
 * go together in the next one. A batch's events reach the dashboards right after its commit; each
 * caller is answered, and the agent woken, only once that commit is on disk (`syncCommitted`: one
 * fsync, off the main thread, shared by the batches written while it ran). One transaction and fsync
 * per message cannot reach 1,000 messages/s; this can. Replays are recognised with one query per
 * batch (and within the batch). If anything in a batch fails, the batch rolls back and its messages
 * are retried one transaction each, so one bad message fails alone.
 */
export class IngestQueue {
  private queue: Pending[] = [];
  private flushing: Promise<void> | null = null;
  /** Committed batches waiting for their fsync before they are answered, in commit order. */
  private answering: Promise<void> = Promise.resolve();
  private readonly maxBatch: number;
  /** Messages submitted and not answered yet (queued, being written, or waiting for the fsync). */
  private unanswered = 0;

  constructor(private readonly options: IngestQueueOptions) {
    this.maxBatch = options.maxBatch ?? 256;
  }

  submit(inbound: InboundMessage): Promise<InboundResult> {
    this.unanswered++;
    const answered = new Promise<InboundResult>((resolve, reject) => {
      this.queue.push({ inbound, resolve, reject });
      if (!this.flushing) this.flushing = this.flushAll();
    });
    const settle = () => {
      this.unanswered--;
    };
    answered.then(settle, settle);
    return answered;
  }

  /**
   * Customer messages are arriving faster than they are answered: some wait to be written, or many
   * wait for their fsync. Background work (agent replies) should step aside (JobRunner.yieldWhile).
   */
  underPressure(): boolean {
    return this.queue.length > 0 || this.unanswered >= PRESSURE_UNANSWERED;
  }

  /** Resolves once everything submitted so far is committed (shutdown). */
  async drain(): Promise<void> {
    while (this.flushing) await this.flushing;
    await this.answering;
  }

  private async flushAll(): Promise<void> {
    // Let the requests already in the event loop join the first batch.
    await new Promise<void>((resolve) => setImmediate(resolve));
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.maxBatch);
        await this.commit(batch);
      }
    } finally {
      this.flushing = null;
    }
  }

  private async commit(batch: Pending[]): Promise<void> {
    let outcomes: Outcome[];
    try {
      outcomes = await this.options.db.transaction().execute(async (trx) => {
        const seen = await findDeliveredMany(
          trx,
          batch.map((item) => item.inbound.providerMessageId),
        );
        const results: Outcome[] = [];
        for (const { inbound } of batch) {
          const stored = seen.get(inbound.providerMessageId);
          if (stored) {
            results.push({ result: stored, events: new PendingEvents(), enqueued: false });
            continue;
          }
          const events = new PendingEvents();
          const { result, enqueued } = await ingestOne(trx, this.options.jobs, inbound, events);
          seen.set(inbound.providerMessageId, { ...result, duplicate: true });
          results.push({ result, events, enqueued });
        }
        return results;
      });
    } catch (error) {
      await this.recover(batch, error);
      return;
    }
    // The channel is answered only once the commit is on disk; the next batch is written while this
    // one's fsync runs. Flushes may end out of order; answers keep the commit order.
    const durable = syncCommitted(this.options.db);
    // The dashboards see the batch as soon as it is committed (it survives a crash of this process),
    // in commit order, without waiting for the disk: a message lost with the machine's power was never
    // acknowledged, so the provider delivers it again (same id, stored once).
    for (const outcome of outcomes) outcome.events.flush(this.options.realtime);
    this.answering = this.answering.then(() =>
      durable.then(
        () => this.answer(batch, outcomes),
        (error: unknown) => {
          for (const item of batch) item.reject(error);
        },
      ),
    );
  }

  private answer(batch: Pending[], outcomes: Outcome[]): void {
    let wake = false;
    for (const [i, item] of batch.entries()) {
      const outcome = outcomes[i];
      if (!outcome) {
        item.reject(new Error('ingest outcome missing'));
        continue;
      }
      wake ||= outcome.enqueued;
      item.resolve(outcome.result);
    }
    if (wake) this.options.jobs.wake();
  }

  /** A batch failed and rolled back: each message again in its own transaction. */
  private async recover(batch: Pending[], error: unknown): Promise<void> {
    if (batch.length > 1) {
      for (const item of batch) await this.commit([item]);
      return;
    }
    const [only] = batch;
    if (!only) return;
    if (error instanceof DuplicateDelivery) {
      // Another process stored it between our check and our insert: a replay like any other.
      const existing = await findDelivered(this.options.db, error.providerMessageId).catch(() => null);
      if (existing) {
        only.resolve(existing);
        return;
      }
    }
    only.reject(error);
  }
}
