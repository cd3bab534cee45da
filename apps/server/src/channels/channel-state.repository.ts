import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { now } from '../lib/clock.js';

/** Persisted provider state of one channel account (`channel_state`), plus its connection lease. */
export function channelStateRepository(db: Kysely<Database>, key: string) {
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
     * Takes or renews the lease on the connection: true when `owner` holds it until `now + ttlMs`.
     * One UPDATE guarded by the current holder and expiry, so two processes cannot both win.
     */
    async acquireLease(owner: string, ttlMs: number): Promise<boolean> {
      const at = now();
      await db
        .insertInto('channel_state')
        .values({ key, state: '{}', updated_at: at })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const result = await db
        .updateTable('channel_state')
        .set({ lease_owner: owner, lease_expires_at: at + ttlMs })
        .where('key', '=', key)
        .where((eb) =>
          eb.or([
            eb('lease_owner', 'is', null),
            eb('lease_owner', '=', owner),
            eb('lease_expires_at', 'is', null),
            eb('lease_expires_at', '<', at),
          ]),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
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
