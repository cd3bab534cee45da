import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase, useTestApp } from '../../test/helpers.js';
import { channelStateRepository } from './channel-state.repository.js';
import { FencedWriteError, whatsappAuthStore } from './whatsapp-web/auth-store.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeEachDatabase('channel state and lease', (kind) => {
  const ctx = useTestApp(kind);

  it('persists provider state as JSON, replacing it on save', async () => {
    const repo = channelStateRepository(ctx.app.db, `test:state:${kind}`, kind);
    expect(await repo.load()).toBeNull();
    await repo.save({ paired: true, phone: '5511' });
    await repo.save({ paired: false, phone: null });
    expect(await repo.load()).toEqual({ paired: false, phone: null });
  });

  it('one holder at a time, by the database clock; each change of hands bumps the fencing token', async () => {
    const repo = channelStateRepository(ctx.app.db, `test:lease:${kind}`, kind);
    const first = await repo.acquireLease('a', 400);
    expect(first).not.toBeNull();
    expect(await repo.acquireLease('b', 400)).toBeNull();
    // A renewal by the holder keeps its token.
    expect(await repo.acquireLease('a', 400)).toEqual(first);
    await sleep(600);
    const taken = await repo.acquireLease('b', 10_000); // a stopped renewing
    expect(taken?.epoch).toBe((first?.epoch ?? 0) + 1);
    expect(await repo.acquireLease('a', 10_000)).toBeNull();
    await repo.releaseLease('b');
    expect((await repo.acquireLease('a', 10_000))?.epoch).toBe((taken?.epoch ?? 0) + 1);
  });

  it('a lease is judged by the database clock, not by the host: a host clock ahead takes nothing', async () => {
    const key = `test:clock:${kind}`;
    const repo = channelStateRepository(ctx.app.db, key, kind);
    expect(await repo.acquireLease('a', 60_000)).not.toBeNull();
    const row = await ctx.app.db
      .selectFrom('channel_state')
      .select('lease_expires_at')
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    const databaseNow = Number(
      (
        await sql<{
          now: number;
        }>`select ${sql.raw(kind === 'postgres' ? 'cast(extract(epoch from clock_timestamp()) * 1000 as bigint)' : "cast((julianday('now') - 2440587.5) * 86400000 as integer)")} as now`.execute(
          ctx.app.db,
        )
      ).rows[0]?.now,
    );
    expect(Number(row.lease_expires_at) - databaseNow).toBeGreaterThan(55_000);
    expect(await repo.acquireLease('b', 60_000)).toBeNull();
  });

  it('auth writes carry the lease: a stale holder’s write is refused and applies nothing', async () => {
    const key = `whatsapp-web:fence-${kind}`;
    const repo = channelStateRepository(ctx.app.db, key, kind);
    const grantA = await repo.acquireLease('a', 300);
    const storeA = whatsappAuthStore(ctx.app.db, key, {
      lease: { key, kind, claim: () => (grantA ? { owner: 'a', epoch: grantA.epoch } : null) },
    });
    await storeA.write([{ type: 'session', id: 's1', value: 'from-a' }]);
    await sleep(500);
    const grantB = await repo.acquireLease('b', 10_000);
    const storeB = whatsappAuthStore(ctx.app.db, key, {
      lease: { key, kind, claim: () => (grantB ? { owner: 'b', epoch: grantB.epoch } : null) },
    });
    await storeB.write([{ type: 'session', id: 's1', value: 'from-b' }]);
    // A does not know it lost the lease: its write is refused whole, nothing of it applied.
    await expect(
      storeA.write([
        { type: 'session', id: 's1', value: 'stale' },
        { type: 'session', id: 's2', value: 'stale' },
      ]),
    ).rejects.toBeInstanceOf(FencedWriteError);
    await expect(storeA.clear()).rejects.toBeInstanceOf(FencedWriteError);
    expect(await storeB.read('session', ['s1', 's2'])).toEqual(new Map([['s1', 'from-b']]));
  });
});
