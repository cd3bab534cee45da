import { setTimeout as delay, setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Kysely, Transaction } from 'kysely';
import type { TransactionBatcher } from '../db/group-commit.js';
import type { Database } from '../db/schema.js';
import { now } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import { backoffDelay } from './backoff.js';
import type { JobQueue, QueuedJob } from './job-kinds.js';
import {
  type EnqueueOptions,
  insertJob,
  insertJobs,
  type JobRow,
  jobsRepository,
} from './jobs.repository.js';

/** Runs one job. Must be idempotent: a job can run more than once (at-least-once). */
export type JobHandler<P = unknown> = (payload: P, job: JobRow) => Promise<void>;

/** Thrown by a handler when retrying cannot help: the job fails at once. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

export interface JobRunnerOptions {
  db: Kysely<Database>;
  log?: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** Single-process database (SQLite): running jobs found at start belonged to a dead process. */
  recoverRunningOnStart?: boolean;
  /**
   * Where each round's bookkeeping (jobs done, jobs claimed) commits: shared with the other short
   * writes on SQLite's single writer instead of two commits of its own. Without it, one transaction.
   */
  writes?: TransactionBatcher | undefined;
  pollMs?: number;
  /** Jobs in flight at once. */
  concurrency?: number;
  leaseMs?: number;
  maxAttempts?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
}

interface Registration {
  handler: JobHandler;
  payload: JobQueue<unknown>['payload'];
  maxAttempts: number;
  onFailed: ((payload: unknown, error: string) => Promise<void>) | undefined;
}

export interface RegisterOptions<P> {
  maxAttempts?: number;
  /** Registered but not claimed until `resume(kind)` (see `pause`). */
  paused?: boolean;
  /** Called once when the job gives up (last attempt or a permanent error). */
  onFailed?: (payload: P, error: string) => Promise<void>;
}

const KEEP_DONE_MS = 24 * 60 * 60 * 1000;
/** Longest run of jobs between two turns of the event loop (see `nextTurn`). */
const SLICE_MS = 4;
/** Longest a job waits for latency-sensitive work (see `yieldWhile`). */
const MAX_DEFER_MS = 250;
/** While jobs are in flight, how long the poller gathers finished jobs and new ones before the next round. */
const GATHER_MS = 10;

/** The job's payload as its queue declares it; anything else fails the job for good. */
function parsePayload(registration: Registration, job: JobRow): unknown {
  let json: unknown;
  try {
    json = JSON.parse(job.payload);
  } catch {
    throw new PermanentJobError('dados do job ilegíveis (JSON inválido)');
  }
  const parsed = registration.payload.safeParse(json);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map(
    (issue) => `${issue.path.join('.') || 'payload'}: ${issue.message}`,
  );
  throw new PermanentJobError(`dados do job inválidos: ${problems.join('; ')}`);
}

/**
 * Durable job runner over the `jobs` table (transactional outbox). `enqueue` writes in the caller's
 * transaction; a poller claims due jobs (and jobs whose lock expired), runs them, retries failures with
 * exponential backoff and marks them failed after the last attempt. `wake()` (called after a commit that
 * enqueued) makes it look at once instead of at the next poll.
 */
export class JobRunner {
  readonly workerId = `worker-${newId()}`;
  private readonly handlers = new Map<string, Registration>();
  /** Kinds this process handles but cannot run now: never claimed, so another process runs them. */
  private readonly paused = new Set<string>();
  private readonly repo;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly maxAttempts: number;
  private readonly backoffBaseMs: number;
  private readonly backoffMaxMs: number;
  private running = false;
  private loopDone: Promise<void> | null = null;
  private woken = false;
  private sleeper: { timer: NodeJS.Timeout; resolve: () => void } | null = null;
  private lastPurge = 0;
  /** The jobs in hand, by id: `renewLeases` keeps pushing their locks back while they run. */
  private readonly inFlight = new Map<string, Promise<void>>();
  private renewTimer: NodeJS.Timeout | null = null;
  private readonly doneIds: string[] = [];
  private readonly concurrency: number;
  private yieldTo: () => boolean = () => false;
  private turn: Promise<void> = Promise.resolve();
  private sliceStartedAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly options: JobRunnerOptions) {
    this.repo = jobsRepository(options.db);
    this.pollMs = options.pollMs ?? 500;
    this.concurrency = options.concurrency ?? 32;
    this.leaseMs = options.leaseMs ?? 30_000;
    this.maxAttempts = options.maxAttempts ?? 8;
    this.backoffBaseMs = options.backoffBaseMs ?? 1000;
    this.backoffMaxMs = options.backoffMaxMs ?? 5 * 60_000;
  }

  /**
   * Latency-sensitive work comes first: while `busy()` says so (e.g. customer messages waiting to be
   * stored), jobs wait to start, up to MAX_DEFER_MS each so that they still progress under overload.
   */
  yieldWhile(busy: () => boolean): void {
    this.yieldTo = busy;
  }

  /** Runs `queue`'s jobs here, each payload checked against the queue's schema first. */
  register<P>(queue: JobQueue<P>, handler: JobHandler<P>, options: RegisterOptions<P> = {}): void {
    const kind = queue.name;
    if (this.handlers.has(kind)) throw new Error(`job handler already registered: ${kind}`);
    this.handlers.set(kind, {
      handler: handler as JobHandler,
      payload: queue.payload,
      maxAttempts: options.maxAttempts ?? this.maxAttempts,
      onFailed: options.onFailed as Registration['onFailed'],
    });
    if (options.paused) this.paused.add(kind);
    this.wake();
  }

  /** The queues this runner has a handler for, paused or not. */
  registeredKinds(): string[] {
    return [...this.handlers.keys()];
  }

  /** Stops running `kind` here (jobs in hand finish); its pending jobs wait for whoever registers it. */
  unregister(kind: string): void {
    this.handlers.delete(kind);
    this.paused.delete(kind);
  }

  /**
   * Stops claiming `kind` (jobs already in hand finish): a job is claimed only by a process able to
   * run it now, e.g. channel sends only by the process holding the WhatsApp connection. A paused kind
   * is neither attempted nor failed here; its jobs wait for a process that runs them.
   */
  pause(kind: string): void {
    this.paused.add(kind);
  }

  /** Claims `kind` again, at once. */
  resume(kind: string): void {
    if (this.paused.delete(kind)) this.wake();
  }

  /**
   * `kinds` are claimed only while `watch` says this process may run them: paused now, then resumed
   * and paused as `watch` reports (e.g. a channel's lease: `LeasedChannel.watchSendable`).
   */
  runOnlyWhile(kinds: readonly string[], watch: (listener: (able: boolean) => void) => void): void {
    for (const kind of kinds) this.pause(kind);
    watch((able) => {
      for (const kind of kinds) {
        if (able) this.resume(kind);
        else this.pause(kind);
      }
    });
  }

  /** Records a job inside the caller's transaction. Call `wake()` after the commit. */
  enqueue<P>(
    trx: Kysely<Database> | Transaction<Database>,
    queue: JobQueue<P>,
    payload: P,
    options: EnqueueOptions = {},
  ): Promise<boolean> {
    return insertJob(trx, now(), queue.name, payload, options);
  }

  /** Several deduplicated jobs (`JobQueue.job`) in one statement; answers the keys actually recorded. */
  enqueueMany(
    trx: Kysely<Database> | Transaction<Database>,
    jobs: readonly QueuedJob[],
  ): Promise<Set<string>> {
    return insertJobs(trx, now(), jobs);
  }

  wake(): void {
    this.woken = true;
    if (this.sleeper) {
      clearTimeout(this.sleeper.timer);
      this.sleeper.resolve();
      this.sleeper = null;
    }
  }

  async start(): Promise<void> {
    if (this.running) return;
    if (this.options.recoverRunningOnStart) {
      const released = await this.repo.releaseAllRunning(now());
      if (released > 0)
        this.options.log?.warn({ released }, 'recovered jobs left running by a stopped process');
    }
    this.running = true;
    this.loopDone = this.loop();
    this.renewTimer = setInterval(() => void this.renewLeases(), Math.max(100, this.leaseMs / 3));
    this.renewTimer.unref();
  }

  /** Stops polling and waits for the jobs in hand to finish. */
  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loopDone;
    this.loopDone = null;
    if (this.renewTimer) clearInterval(this.renewTimer);
    this.renewTimer = null;
  }

  /** Claims and runs one batch of due jobs and waits for it; answers how many ran (tests, tools). */
  async runOnce(): Promise<number> {
    const jobs = await this.claim(this.concurrency);
    await Promise.all(jobs.map((job) => this.track(job)));
    await this.flushDone();
    return jobs.length;
  }

  /** Runs batches until nothing is due (tests). */
  async drain(maxBatches = 100): Promise<void> {
    for (let i = 0; i < maxBatches; i++) {
      if ((await this.runOnce()) === 0) return;
    }
  }

  private claimableKinds(): string[] {
    return [...this.handlers.keys()].filter((kind) => !this.paused.has(kind));
  }

  private claim(limit: number): Promise<JobRow[]> {
    if (limit <= 0) return Promise.resolve([]);
    return this.repo.claim(this.claimableKinds(), this.workerId, now(), this.leaseMs, limit);
  }

  /**
   * One round of the poller: the jobs that ended are marked done and up to `limit` due jobs claimed,
   * in one transaction (one commit instead of two).
   */
  private async round(limit: number): Promise<JobRow[]> {
    const done = this.doneIds.splice(0);
    const kinds = limit > 0 ? this.claimableKinds() : [];
    if (done.length === 0 && kinds.length === 0) return [];
    const work = async (trx: Transaction<Database>) => {
      const repo = jobsRepository(trx);
      const at = now();
      if (done.length > 0) await repo.complete(done, this.workerId, at);
      return kinds.length > 0 ? repo.claim(kinds, this.workerId, at, this.leaseMs, limit) : [];
    };
    try {
      const { writes } = this.options;
      return await (writes ? writes.run(work) : this.options.db.transaction().execute(work));
    } catch (error) {
      // Still done: marked in the next round (their leases are renewed meanwhile).
      this.doneIds.push(...done);
      throw error;
    }
  }

  /** Runs a job; a success is queued for the next batched "done" update. */
  private track(job: JobRow): Promise<void> {
    const run = this.runJob(job).then((ok) => {
      if (ok) this.doneIds.push(job.id);
      // Only this run's entry: the same job claimed again meanwhile (its lock lapsed) is another run.
      if (this.inFlight.get(job.id) === run) this.inFlight.delete(job.id);
      this.wake();
    });
    this.inFlight.set(job.id, run);
    return run;
  }

  /**
   * A lease is how long a job may run before another process takes it for dead. Under overload a live
   * job can outlast it (waiting for connections and turns of the event loop): renewed while in hand, it
   * runs once, and only a dead process's jobs lapse.
   */
  private async renewLeases(): Promise<void> {
    // Ended jobs count too until their "done" round is written: else they could run again meanwhile.
    const ids = [...this.inFlight.keys(), ...this.doneIds];
    if (ids.length === 0) return;
    try {
      await this.repo.extend(ids, this.workerId, now() + this.leaseMs);
    } catch (error) {
      this.options.log?.warn({ err: String(error) }, 'could not renew job leases');
    }
  }

  private async flushDone(): Promise<void> {
    if (this.doneIds.length === 0) return;
    const ids = this.doneIds.splice(0);
    await this.repo.complete(ids, this.workerId, now());
  }

  private async runJob(job: JobRow): Promise<boolean> {
    const registration = this.handlers.get(job.kind);
    if (!registration) {
      // Unregistered since the claim (its inbox was removed here): back to the queue.
      await this.release(job);
      return false;
    }
    let payload: unknown;
    try {
      const deferredUntil = Date.now() + MAX_DEFER_MS;
      for (let deferred = false; ; deferred = true) {
        await this.nextTurn(deferred);
        if (!this.yieldTo() || Date.now() >= deferredUntil) break;
      }
      if (this.paused.has(job.kind)) {
        // Paused between the claim and now (the lease was lost): back to the queue, not an attempt.
        await this.release(job);
        return false;
      }
      payload = parsePayload(registration, job);
      await registration.handler(payload, job);
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const permanent = error instanceof PermanentJobError;
      const exhausted = permanent || job.attempts >= registration.maxAttempts;
      const at = now();
      const retryAt = exhausted
        ? null
        : at + backoffDelay(job.attempts, this.backoffBaseMs, this.backoffMaxMs);
      if (exhausted) this.options.log?.error({ jobId: job.id, kind: job.kind, err: message }, 'job failed');
      await this.repo.fail(job.id, this.workerId, at, message, retryAt).catch((failError: unknown) => {
        this.options.log?.error({ jobId: job.id, err: String(failError) }, 'could not record job failure');
      });
      if (exhausted && registration.onFailed && payload !== undefined) {
        await registration.onFailed(payload, message).catch((hookError: unknown) => {
          this.options.log?.error({ jobId: job.id, err: String(hookError) }, 'job failure hook failed');
        });
      }
      return false;
    }
  }

  /**
   * Hands a claimed job back to the queue without an attempt. Should the database refuse, the job is
   * let go all the same: its lease is no longer renewed, so it lapses and a later round claims it.
   */
  private async release(job: JobRow): Promise<void> {
    try {
      await this.repo.release(job.id, this.workerId, now());
    } catch (error) {
      this.options.log?.error(
        { jobId: job.id, kind: job.kind, err: String(error) },
        'could not hand a job back to the queue: it returns when its lease lapses',
      );
    }
  }

  /**
   * Keeps up to `concurrency` jobs in flight; successes are marked done in one UPDATE per round, so a
   * burst of jobs does not cost one commit each.
   */
  private async loop(): Promise<void> {
    while (this.running) {
      this.woken = false;
      let claimed = 0;
      let free = 0;
      try {
        free = this.concurrency - this.inFlight.size;
        const jobs = await this.round(free);
        claimed = jobs.length;
        for (const job of jobs) void this.track(job);
        await this.purge();
      } catch (error) {
        if (!this.running) break;
        this.options.log?.error({ err: String(error) }, 'job runner poll failed');
      }
      if (!this.running) break;
      if (!((claimed > 0 && claimed === free) || this.woken)) await this.sleep(this.pollMs);
      // Jobs end one by one: while some are still running, a round per ending would cost a "done"
      // UPDATE and a claim (two commits) each; gathered, one round serves all that ended meanwhile.
      if (this.running && this.inFlight.size > 0) await delay(GATHER_MS);
    }
    await Promise.allSettled([...this.inFlight.values()]);
    await this.flushDone().catch(() => {});
  }

  /**
   * SQLite work is synchronous under its promises: jobs started together would run back to back as one
   * chain of microtasks, keeping incoming requests (new customer messages) waiting until all end. So
   * jobs run in slices of SLICE_MS, with the event loop (I/O) turning in between; `force` waits for
   * the next slice whatever is left of this one.
   */
  private nextTurn(force: boolean): Promise<void> {
    const inSlice = () => performance.now() - this.sliceStartedAt < SLICE_MS;
    if (!force && inSlice()) return Promise.resolve();
    const mine = this.turn.then(async () => {
      if (!force && inSlice()) return;
      await yieldToEventLoop();
      this.sliceStartedAt = performance.now();
    });
    this.turn = mine;
    return mine;
  }

  private async purge(): Promise<void> {
    const at = now();
    if (at - this.lastPurge < 10 * 60_000) return;
    this.lastPurge = at;
    await this.repo.purgeDone(at - KEEP_DONE_MS);
  }

  private sleep(ms: number): Promise<void> {
    if (this.woken) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.sleeper = null;
        resolve();
      }, ms);
      this.sleeper = { timer, resolve };
    });
  }
}
