import { afterEach, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { describeEachDatabase, sleep, useTestApp } from '../../test/helpers.js';
import { type TransactionBatcher, transactionBatcher } from '../db/group-commit.js';
import { now, setClock } from '../lib/clock.js';
import { backoffDelay } from './backoff.js';
import { type JobQueue, jobQueue } from './job-kinds.js';
import { JobRunner, PermanentJobError } from './job-runner.js';

/** A queue taking whatever payload the test writes (the payload check has tests of its own below). */
const q = <P = Record<string, unknown>>(name: string): JobQueue<P> =>
  jobQueue(
    name,
    z.custom<P>(() => true),
  );

describeEachDatabase('job runner', (kind) => {
  const ctx = useTestApp(kind);
  const runners: JobRunner[] = [];
  let restoreClock: (() => void) | null = null;

  afterEach(async () => {
    for (const runner of runners.splice(0)) await runner.stop();
    restoreClock?.();
    restoreClock = null;
  });
  const runner = (options: Partial<ConstructorParameters<typeof JobRunner>[0]> = {}) => {
    const created = new JobRunner({ db: ctx.app.db, pollMs: 50, backoffBaseMs: 1000, ...options });
    runners.push(created);
    return created;
  };
  const job = (id: string) =>
    ctx.app.db.selectFrom('jobs').selectAll().where('dedupe_key', '=', id).executeTakeFirstOrThrow();

  it('runs a job enqueued in a transaction once, right after wake, and marks it done', async () => {
    const r = runner({ pollMs: 60_000 });
    const seen: unknown[] = [];
    r.register(q<{ n: number }>(`t-run-${kind}`), async (payload) => {
      seen.push(payload);
    });
    await r.start();
    await ctx.app.db.transaction().execute(async (trx) => {
      await r.enqueue(trx, q(`t-run-${kind}`), { n: 1 }, { dedupeKey: `run-${kind}` });
      expect(await r.enqueue(trx, q(`t-run-${kind}`), { n: 2 }, { dedupeKey: `run-${kind}` })).toBe(false);
    });
    r.wake();
    await sleep(200);
    expect(seen).toEqual([{ n: 1 }]);
    expect(await job(`run-${kind}`)).toMatchObject({ status: 'done', attempts: 1, locked_by: null });
  });

  it('lets I/O in between jobs, and starts none while latency-sensitive work waits', async () => {
    const r = runner({ pollMs: 60_000 });
    const kindName = `t-yield-${kind}`;
    const ran: number[] = [];
    r.register(q<{ n: number }>(kindName), async ({ n }) => {
      const until = performance.now() + 2; // synchronous work, like SQLite under its promises
      while (performance.now() < until) {}
      ran.push(n);
    });
    let busy = true;
    r.yieldWhile(() => busy);
    await ctx.app.db.transaction().execute(async (trx) => {
      for (let n = 0; n < 20; n++) await r.enqueue(trx, q(kindName), { n });
    });
    await r.start();
    r.wake();
    await sleep(60);
    expect(ran).toEqual([]); // deferred while busy (up to 250 ms each)
    busy = false;
    // A timer set now fires long before 20 jobs × 2 ms of synchronous work are over.
    const ranWhenTimerFired = await new Promise<number>((resolve) =>
      setTimeout(() => resolve(ran.length), 0),
    );
    expect(ranWhenTimerFired).toBeLessThan(20);
    const deadline = Date.now() + 5000;
    while (ran.length < 20 && Date.now() < deadline) await sleep(20);
    expect(ran.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, n) => n));
  });

  it('runs deferred jobs anyway after 250 ms, so they progress under overload', async () => {
    const r = runner({ pollMs: 60_000 });
    const kindName = `t-overload-${kind}`;
    let ranAt = 0;
    r.register(q(kindName), async () => {
      ranAt = Date.now();
    });
    r.yieldWhile(() => true);
    await ctx.app.db.transaction().execute(async (trx) => {
      await r.enqueue(trx, q(kindName), {});
    });
    const started = Date.now();
    await r.start();
    r.wake();
    const deadline = Date.now() + 3000;
    while (ranAt === 0 && Date.now() < deadline) await sleep(20);
    expect(ranAt - started).toBeGreaterThanOrEqual(240);
    expect(ranAt - started).toBeLessThan(2000);
  });

  it('gathers jobs that end one by one into few "done" rounds while others still run', async () => {
    const r = runner({ pollMs: 60_000 });
    const kindName = `t-gather-${kind}`;
    let ended = 0;
    r.register(q<{ n: number }>(kindName), async ({ n }) => {
      await sleep(3 * n); // 20 jobs ending 3 ms apart
      ended++;
    });
    await ctx.app.db.transaction().execute(async (trx) => {
      for (let n = 0; n < 20; n++) await r.enqueue(trx, q(kindName), { n });
    });
    await r.start();
    r.wake();
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline) {
      const done = await ctx.app.db
        .selectFrom('jobs')
        .select('updated_at')
        .where('kind', '=', kindName)
        .where('status', '=', 'done')
        .execute();
      if (done.length === 20) {
        expect(ended).toBe(20);
        // One round per ending would write ~20 times; gathered for 10 ms, about one per 10 ms of endings.
        expect(new Set(done.map((row) => row.updated_at)).size).toBeLessThanOrEqual(10);
        return;
      }
      await sleep(20);
    }
    throw new Error('jobs not done in time');
  });

  it("marks jobs done and claims the next in one transaction, shared with the other short writes' commits", async () => {
    const batcher = transactionBatcher(ctx.app.db, { batching: true });
    // What each round wrote, seen from inside its transaction: statuses before and after the work.
    const rounds: { before: string[]; after: string[] }[] = [];
    const writes: TransactionBatcher = {
      run: (work, lockKey) =>
        batcher.run(async (trx) => {
          const statuses = async () =>
            (
              await trx
                .selectFrom('jobs')
                .select('status')
                .where('kind', '=', kindName)
                .orderBy('id')
                .execute()
            ).map((row) => row.status);
          const before = await statuses();
          const result = await work(trx);
          rounds.push({ before, after: await statuses() });
          return result;
        }, lockKey),
      drain: () => batcher.drain(),
    };
    const kindName = `t-round-${kind}`;
    const r = runner({ pollMs: 60_000, writes });
    // The first job enqueues the second before it ends: the round after it marks one and claims the other.
    r.register(q<{ n: number }>(kindName), async ({ n }) => {
      if (n === 1) {
        await ctx.app.db.transaction().execute(async (trx) => {
          await r.enqueue(trx, q(kindName), { n: 2 }, { dedupeKey: `round-2-${kind}` });
        });
      }
    });
    await ctx.app.db.transaction().execute(async (trx) => {
      await r.enqueue(trx, q(kindName), { n: 1 }, { dedupeKey: `round-1-${kind}` });
    });
    // Started, it claims the first at once; no wake besides the job's own end, or a round woken while
    // the first still runs (a busy machine) would claim the second before the first is marked done.
    await r.start();
    const deadline = Date.now() + 5000;
    while (rounds.length < 3 && Date.now() < deadline) await sleep(10);
    // The first job claimed; then, in one transaction, it is marked done and the second claimed.
    expect(rounds.slice(0, 3)).toEqual([
      { before: ['pending'], after: ['running'] },
      { before: ['running', 'pending'], after: ['done', 'running'] },
      { before: ['done', 'running'], after: ['done', 'done'] },
    ]);
  });

  it('a job rolled back with its transaction never runs', async () => {
    const r = runner();
    let ran = 0;
    r.register(q(`t-rollback-${kind}`), async () => {
      ran += 1;
    });
    await ctx.app.db
      .transaction()
      .execute(async (trx) => {
        await r.enqueue(trx, q(`t-rollback-${kind}`), {}, { dedupeKey: `rollback-${kind}` });
        throw new Error('rollback');
      })
      .catch(() => {});
    await r.drain();
    expect(ran).toBe(0);
  });

  it('retries failures with exponential backoff, then fails for good and calls onFailed', async () => {
    let at = now();
    restoreClock = setClock(() => at);
    const r = runner({ maxAttempts: 3 });
    const failures: string[] = [];
    let attempts = 0;
    r.register(
      q(`t-retry-${kind}`),
      async () => {
        attempts += 1;
        throw new Error(`falhou ${attempts}`);
      },
      { onFailed: async (_payload, error) => void failures.push(error) },
    );
    await r.enqueue(ctx.app.db, q(`t-retry-${kind}`), {}, { dedupeKey: `retry-${kind}` });
    await r.runOnce();
    let row = await job(`retry-${kind}`);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: 'falhou 1', run_at: at + 1000 });
    await r.runOnce();
    expect(attempts).toBe(1); // not due yet
    at += 1000;
    await r.runOnce();
    row = await job(`retry-${kind}`);
    expect(row).toMatchObject({ status: 'pending', attempts: 2, run_at: at + 2000 });
    at += 2000;
    await r.runOnce();
    row = await job(`retry-${kind}`);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, last_error: 'falhou 3' });
    expect(failures).toEqual(['falhou 3']);
    at += 60_000;
    await r.runOnce();
    expect(attempts).toBe(3);
  });

  it('a permanent error fails at once', async () => {
    const r = runner();
    r.register(q(`t-permanent-${kind}`), async () => {
      throw new PermanentJobError('sem telefone');
    });
    await r.enqueue(ctx.app.db, q(`t-permanent-${kind}`), {}, { dedupeKey: `permanent-${kind}` });
    await r.runOnce();
    expect(await job(`permanent-${kind}`)).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: 'sem telefone',
    });
  });

  it('recovers a job whose process died while running it (expired lock), and leaves a live lock alone', async () => {
    const at = now();
    const r = runner({ leaseMs: 30_000 });
    const ran: string[] = [];
    r.register(q<{ id: string }>(`t-recover-${kind}`), async ({ id }) => void ran.push(id));
    for (const [id, lockedUntil] of [
      ['expired', at - 1],
      ['live', at + 60_000],
    ] as const) {
      await r.enqueue(ctx.app.db, q(`t-recover-${kind}`), { id }, { dedupeKey: `recover-${id}-${kind}` });
      await ctx.app.db
        .updateTable('jobs')
        .set({ status: 'running', locked_by: 'worker-dead', locked_until: lockedUntil, attempts: 1 })
        .where('dedupe_key', '=', `recover-${id}-${kind}`)
        .execute();
    }
    await r.runOnce();
    expect(ran).toEqual(['expired']);
    expect(await job(`recover-expired-${kind}`)).toMatchObject({ status: 'done', attempts: 2 });
    expect(await job(`recover-live-${kind}`)).toMatchObject({ status: 'running', locked_by: 'worker-dead' });

    // On a single-process database, a restart releases whatever was left running.
    const restarted = runner({ recoverRunningOnStart: true, pollMs: 60_000 });
    restarted.register(
      q<{ id: string }>(`t-recover-${kind}`),
      async ({ id }) => void ran.push(`restart:${id}`),
    );
    await restarted.start();
    await sleep(200);
    expect(ran).toContain('restart:live');
  });

  it('two runners never run the same job twice', async () => {
    const a = runner();
    const b = runner();
    const ran: number[] = [];
    for (const r of [a, b]) r.register(q<{ n: number }>(`t-race-${kind}`), async ({ n }) => void ran.push(n));
    for (let n = 0; n < 40; n++) await a.enqueue(ctx.app.db, q(`t-race-${kind}`), { n });
    await Promise.all([a.drain(), b.drain()]);
    expect(ran.sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, n) => n));
  });

  it('a job that outlasts its lease while alive is not taken over by another runner', async () => {
    const ran: string[] = [];
    const slow = async (who: string) => {
      ran.push(who);
      await sleep(2000);
    };
    // Renewed every 300 ms: a busy test machine has 600 ms to renew before the lease lapses.
    const a = runner({ leaseMs: 900 });
    a.register(q(`t-lease-${kind}`), () => slow('a'));
    await a.enqueue(ctx.app.db, q(`t-lease-${kind}`), {}, { dedupeKey: `lease-${kind}` });
    await a.start();
    await sleep(100);
    // Another instance of the cluster, polling while the first one's job runs more than two leases long.
    const b = runner({ leaseMs: 900 });
    b.register(q(`t-lease-${kind}`), () => slow('b'));
    await b.start();
    await sleep(2300);
    expect(ran).toEqual(['a']);
    expect(await job(`lease-${kind}`)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('a paused kind is never claimed: its jobs wait, untouched, for a runner able to run them', async () => {
    const kindName = `t-paused-${kind}`;
    const able = runner();
    const unable = runner();
    let listener: (able: boolean) => void = () => {};
    const ran: Array<{ by: string; n: number }> = [];
    // The same handler on both, as every server process registers it; only `able` may run it now.
    able.runOnlyWhile([kindName], (l) => l(true));
    unable.runOnlyWhile([kindName], (l) => {
      listener = l;
      l(false);
    });
    for (const [name, r] of [
      ['able', able],
      ['unable', unable],
    ] as const) {
      r.register(q<{ n: number }>(kindName), async ({ n }) => void ran.push({ by: name, n }));
    }
    for (let n = 0; n < 20; n++)
      await able.enqueue(ctx.app.db, q(kindName), { n }, { dedupeKey: `paused-${n}-${kind}` });
    expect(await unable.runOnce()).toBe(0);
    await Promise.all([able.drain(), unable.drain()]);
    expect(ran.filter((r) => r.by === 'unable')).toEqual([]);
    expect(ran.map((r) => r.n).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, n) => n));
    const rows = await ctx.app.db
      .selectFrom('jobs')
      .select(['attempts', 'last_error', 'status'])
      .where('kind', '=', kindName)
      .execute();
    expect(rows.every((row) => row.attempts === 1 && row.last_error === null && row.status === 'done')).toBe(
      true,
    );

    // Able now (it took the lease over): it runs what is due, at once.
    listener(true);
    await able.enqueue(ctx.app.db, q(kindName), { n: 20 }, { dedupeKey: `paused-20-${kind}` });
    able.pause(kindName);
    await unable.drain();
    expect(ran.at(-1)).toEqual({ by: 'unable', n: 20 });
  });

  it('a kind paused between claim and run goes back to the queue without counting an attempt', async () => {
    const kindName = `t-release-${kind}`;
    const r = runner();
    let ran = 0;
    r.register(q(kindName), async () => void ran++);
    // The lease is lost after the claim, just before the job would start (checked then, as here).
    r.yieldWhile(() => {
      r.pause(kindName);
      return false;
    });
    await r.enqueue(ctx.app.db, q(kindName), {}, { dedupeKey: `release-${kind}` });
    expect(await r.runOnce()).toBe(1);
    r.yieldWhile(() => false);
    expect(ran).toBe(0);
    expect(await job(`release-${kind}`)).toMatchObject({ status: 'pending', attempts: 0, locked_by: null });
    r.resume(kindName);
    await r.drain();
    expect(ran).toBe(1);
    expect(await job(`release-${kind}`)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('a job the database refuses to take back is let go, logged, and claimed again once its lease lapses', async () => {
    const kindName = `t-handback-${kind}`;
    const errors: string[] = [];
    const log = { error: (_: object, msg: string) => void errors.push(msg), warn: () => undefined };
    let r: JobRunner | undefined;
    let refuse = false;
    // Between the claim and the run, the kind is unregistered (its inbox removed here) and the database
    // refuses the hand-back: the one query of the runner's that no caller awaits.
    const db = ctx.app.db.withPlugin({
      transformQuery({ node }) {
        if (refuse && node.kind === 'UpdateQueryNode' && JSON.stringify(node).includes('attempts - 1')) {
          refuse = false;
          throw new Error('conexão perdida');
        }
        return node;
      },
      async transformResult({ result }) {
        if (result.rows.some((row) => (row as { kind?: unknown }).kind === kindName) && errors.length === 0) {
          r?.unregister(kindName);
          refuse = true;
        }
        return result;
      },
    });
    r = runner({ db, log, leaseMs: 400, pollMs: 50 });
    let ran = 0;
    const handler = async () => void ran++;
    r.register(q(kindName), handler);
    await r.enqueue(ctx.app.db, q(kindName), {}, { dedupeKey: `handback-${kind}` });
    await r.start();
    await vi.waitFor(() =>
      expect(errors).toContain('could not hand a job back to the queue: it returns when its lease lapses'),
    );
    expect(ran).toBe(0);
    r.register(q(kindName), handler);
    await vi.waitFor(() => expect(ran).toBe(1), { timeout: 5000 });
    await vi.waitFor(async () => expect(await job(`handback-${kind}`)).toMatchObject({ status: 'done' }));
  });

  it('checks each payload against its queue before the handler runs: a bad one fails at once', async () => {
    const r = runner();
    const checked = jobQueue(`t-checked-${kind}`, z.object({ messageId: z.string().min(1) }));
    const seen: unknown[] = [];
    const failed: string[] = [];
    r.register(checked, async (payload) => void seen.push(payload), {
      onFailed: async ({ messageId }) => void failed.push(messageId),
    });
    await r.enqueue(ctx.app.db, checked, { messageId: 'm1' }, { dedupeKey: `checked-ok-${kind}` });
    // What an older version, or a hand-written row, could leave: another shape under the same kind.
    await r.enqueue(ctx.app.db, q(checked.name), { messageID: 'm2' }, { dedupeKey: `checked-bad-${kind}` });
    await ctx.app.db
      .insertInto('jobs')
      .values({
        ...(await job(`checked-bad-${kind}`)),
        id: `raw-${kind}`,
        payload: '{',
        dedupe_key: `raw-${kind}`,
      })
      .execute();
    await r.drain();
    expect(seen).toEqual([{ messageId: 'm1' }]);
    expect(failed).toEqual([]);
    expect(await job(`checked-ok-${kind}`)).toMatchObject({ status: 'done' });
    const bad = await job(`checked-bad-${kind}`);
    expect(bad).toMatchObject({ status: 'failed', attempts: 1 });
    expect(bad.last_error).toMatch(/^dados do job inválidos: messageId: /);
    expect(await job(`raw-${kind}`)).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: 'dados do job ilegíveis (JSON inválido)',
    });
  });

  it('jobs of a kind nobody handles stay pending', async () => {
    const r = runner();
    await r.enqueue(ctx.app.db, q(`t-unhandled-${kind}`), {}, { dedupeKey: `unhandled-${kind}` });
    await r.drain();
    expect(await job(`unhandled-${kind}`)).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('backoff doubles and is capped', () => {
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, 1000, 5000))).toEqual([1000, 2000, 4000, 5000]);
  });
});
