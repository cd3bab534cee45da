import { type Kysely, sql, type Transaction } from 'kysely';
import { preparedQuery } from '../db/prepared-query.js';
import type { Database, JobsTable } from '../db/schema.js';
import { newId } from '../lib/ids.js';

export type JobRow = JobsTable;
type Db = Kysely<Database> | Transaction<Database>;

export interface EnqueueOptions {
  /** One job per key: a second enqueue with the same key does nothing. */
  dedupeKey?: string | undefined;
  /** Epoch ms; now when absent. */
  runAt?: number | undefined;
}

const insertJobQuery = preparedQuery((db, row: JobRow) =>
  db
    .insertInto('jobs')
    .values(row)
    .onConflict((oc) => oc.column('dedupe_key').doNothing()),
);

/** Inserts a job in the caller's transaction (transactional outbox). True when a new job was recorded. */
export async function insertJob(
  db: Db,
  at: number,
  kind: string,
  payload: unknown,
  options: EnqueueOptions = {},
): Promise<boolean> {
  const result = await insertJobQuery(db, {
    id: newId(),
    kind,
    payload: JSON.stringify(payload ?? null),
    status: 'pending',
    attempts: 0,
    run_at: options.runAt ?? at,
    locked_by: null,
    locked_until: null,
    last_error: null,
    dedupe_key: options.dedupeKey ?? null,
    created_at: at,
    updated_at: at,
  });
  return Number(result.numAffectedRows ?? 0) > 0;
}

/**
 * Inserts several jobs in one statement in the caller's transaction; answers the dedupe keys of the
 * jobs actually recorded (a key already present records nothing).
 */
export async function insertJobs(
  db: Db,
  at: number,
  jobs: ReadonlyArray<{ kind: string; payload: unknown; dedupeKey: string }>,
): Promise<Set<string>> {
  if (jobs.length === 0) return new Set();
  const rows = await db
    .insertInto('jobs')
    .values(
      jobs.map((job) => ({
        id: newId(),
        kind: job.kind,
        payload: JSON.stringify(job.payload ?? null),
        status: 'pending',
        attempts: 0,
        run_at: at,
        locked_by: null,
        locked_until: null,
        last_error: null,
        dedupe_key: job.dedupeKey,
        created_at: at,
        updated_at: at,
      })),
    )
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('dedupe_key')
    .execute();
  return new Set(rows.map((row) => row.dedupe_key).filter((key): key is string => key !== null));
}

export function jobsRepository(db: Kysely<Database>) {
  return {
    /**
     * Claims up to `limit` due jobs of the given kinds: pending and due, or running with an expired
     * lock (its process died). The guard is repeated on the UPDATE itself, so on PostgreSQL a row
     * claimed concurrently by another process is re-checked and skipped.
     */
    async claim(
      kinds: string[],
      owner: string,
      at: number,
      leaseMs: number,
      limit: number,
    ): Promise<JobRow[]> {
      if (kinds.length === 0) return [];
      const due = sql<boolean>`((status = 'pending' and run_at <= ${at}) or (status = 'running' and locked_until < ${at}))`;
      // Two index range scans, each stopping at `limit` rows: an OR of both would sort every due job
      // (thousands in a backlog) at each claim.
      const pending = db
        .selectFrom('jobs')
        .select('id')
        .where('status', '=', 'pending')
        .where('run_at', '<=', at)
        .where('kind', 'in', kinds)
        .orderBy('run_at')
        .limit(limit);
      const expired = db
        .selectFrom('jobs')
        .select('id')
        .where('status', '=', 'running')
        .where('locked_until', '<', at)
        .where('kind', 'in', kinds)
        .limit(limit);
      const candidates = await db
        .selectFrom(pending.as('p'))
        .select('p.id')
        .unionAll(db.selectFrom(expired.as('e')).select('e.id'))
        .execute();
      if (candidates.length === 0) return [];
      // By primary key (a literal list: with a subquery here SQLite would scan by the OR below instead).
      return db
        .updateTable('jobs')
        .set({
          status: 'running',
          locked_by: owner,
          locked_until: at + leaseMs,
          attempts: sql<number>`attempts + 1`,
          updated_at: at,
        })
        .where(
          'id',
          'in',
          candidates.map((row) => row.id),
        )
        .where(due)
        .returningAll()
        .execute();
    },

    async complete(ids: string[], owner: string, at: number): Promise<void> {
      if (ids.length === 0) return;
      await db
        .updateTable('jobs')
        .set({ status: 'done', locked_by: null, locked_until: null, last_error: null, updated_at: at })
        .where('id', 'in', ids)
        .where('locked_by', '=', owner)
        .execute();
    },

    /** Pushes back the lock of jobs this owner still runs, so no other process takes them meanwhile. */
    async extend(ids: string[], owner: string, until: number): Promise<void> {
      if (ids.length === 0) return;
      await db
        .updateTable('jobs')
        .set({ locked_until: until })
        .where('id', 'in', ids)
        .where('locked_by', '=', owner)
        .where('status', '=', 'running')
        .execute();
    },

    async fail(id: string, owner: string, at: number, error: string, retryAt: number | null): Promise<void> {
      await db
        .updateTable('jobs')
        .set({
          status: retryAt === null ? 'failed' : 'pending',
          run_at: retryAt ?? at,
          locked_by: null,
          locked_until: null,
          last_error: error.slice(0, 1000),
          updated_at: at,
        })
        .where('id', '=', id)
        .where('locked_by', '=', owner)
        .execute();
    },

    /** A claimed job this process will not run after all: pending again, the claim not counted. */
    async release(id: string, owner: string, at: number): Promise<void> {
      await db
        .updateTable('jobs')
        .set({
          status: 'pending',
          locked_by: null,
          locked_until: null,
          attempts: sql<number>`attempts - 1`,
          updated_at: at,
        })
        .where('id', '=', id)
        .where('locked_by', '=', owner)
        .execute();
    },

    /** Single-process databases: whatever was running belonged to a process that is gone. */
    async releaseAllRunning(at: number): Promise<number> {
      const result = await db
        .updateTable('jobs')
        .set({ status: 'pending', locked_by: null, locked_until: null, updated_at: at })
        .where('status', '=', 'running')
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async purgeDone(before: number): Promise<void> {
      await db.deleteFrom('jobs').where('status', '=', 'done').where('updated_at', '<', before).execute();
    },

    async nextRunAt(kinds: string[]): Promise<number | null> {
      if (kinds.length === 0) return null;
      const row = await db
        .selectFrom('jobs')
        .select((eb) => eb.fn.min('run_at').as('next'))
        .where('status', '=', 'pending')
        .where('kind', 'in', kinds)
        .executeTakeFirst();
      return row?.next == null ? null : Number(row.next);
    },
  };
}
