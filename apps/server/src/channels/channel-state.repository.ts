import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DatabaseKind } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { now } from '../lib/clock.js';

/** A lease held: its fencing token (see `lease_epoch`). */
export interface LeaseGrant {
  epoch: number;
}

/** The database's clock in epoch ms: every process judges a lease's expiry by the same clock. */
export function databaseNow(kind: DatabaseKind): RawBuilder<number> {
  return kind === 'postgres'
    ? sql<number>`cast(extract(epoch from clock_timestamp()) * 1000 as bigint)`
    : sql<number>`cast((julianday('now') - 2440587.5) * 86400000 as integer)`;
}

/** Persisted provider state of one channel account (`channel_state`), plus its connection lease. */
export function channelStateRepository(db: Kysely<Database>, key: string, kind: DatabaseKind = 'sqlite') {
  return {
    async load<T>(): Promise<T | null> {
      const row = await db
        .selectFrom('channel_state')
        .select('state')
        .where('key', '=', key)
        .executeTakeFirst();
      if (!row) return null;
      try {
        return JSON.parse(row.state) as T;
      } catch {
        return null;
      }
    },

    async save(state: unknown): Promise<void> {
      const at = now();
      await db
        .insertInto('channel_state')
        .values({ key, state: JSON.stringify(state), updated_at: at })
        .onConflict((oc) => oc.column('key').doUpdateSet({ state: JSON.stringify(state), updated_at: at }))
        .execute();
    },

    /**
     * Takes or renews the lease on the connection: the grant when `owner` holds it for `ttlMs` more
     * (by the database's clock), null when another process does. One UPDATE guarded by the current
     * holder and expiry, so two processes cannot both win; taking it from another owner (or from
     * nobody) bumps the fencing token.
     */
    async acquireLease(owner: string, ttlMs: number): Promise<LeaseGrant | null> {
      await db
        .insertInto('channel_state')
        .values({ key, state: '{}', updated_at: now() })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const clock = databaseNow(kind);
      const row = await db
        .updateTable('channel_state')
        .set((eb) => ({
          lease_epoch: eb
            .case()
            .when('lease_owner', '=', owner)
            .then(eb.ref('lease_epoch'))
            .else(sql<number>`lease_epoch + 1`)
            .end(),
          lease_owner: owner,
          lease_expires_at: sql<number>`${clock} + ${ttlMs}`,
        }))
        .where('key', '=', key)
        .where((eb) =>
          eb.or([
            eb('lease_owner', 'is', null),
            eb('lease_owner', '=', owner),
            eb('lease_expires_at', 'is', null),
            eb('lease_expires_at', '<', clock),
          ]),
        )
        .returning('lease_epoch')
        .executeTakeFirst();
      return row ? { epoch: Number(row.lease_epoch) } : null;
    },

    async releaseLease(owner: string): Promise<void> {
      await db
        .updateTable('channel_state')
        .set({ lease_owner: null, lease_expires_at: null })
        .where('key', '=', key)
        .where('lease_owner', '=', owner)
        .execute();
    },
  };
}

export type ChannelStateRepository = ReturnType<typeof channelStateRepository>;
