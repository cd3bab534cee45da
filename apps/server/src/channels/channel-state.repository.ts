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

/**
 * Persisted provider state of one channel account (`channel_state`), plus its connection lease and what
 * the lease's holder shares with the other processes (its status; requests left for it, and answers).
 */
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

    /**
     * The holder's status for the other processes (JSON), written only while `owner` holds the lease:
     * a process that lost it cannot overwrite the new holder's.
     */
    async publishStatus(owner: string, status: string): Promise<void> {
      await db
        .updateTable('channel_state')
        .set({ published_status: status })
        .where('key', '=', key)
        .where('lease_owner', '=', owner)
        .execute();
    },

    /** What the holder last published, and whether a holder's lease is live now (database clock). */
    async readPublished(): Promise<{ status: string | null; live: boolean }> {
      const clock = databaseNow(kind);
      const row = await db
        .selectFrom('channel_state')
        .select([
          'published_status',
          sql<number>`case when lease_owner is not null and lease_expires_at > ${clock} then 1 else 0 end`.as(
            'live',
          ),
        ])
        .where('key', '=', key)
        .executeTakeFirst();
      return { status: row?.published_status ?? null, live: Number(row?.live ?? 0) === 1 };
    },

    /** Leaves a request (JSON) for the holder; a newer request replaces one not yet taken. */
    async postCommand(command: string): Promise<void> {
      await db
        .insertInto('channel_state')
        .values({ key, state: '{}', updated_at: now() })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      await db.updateTable('channel_state').set({ command }).where('key', '=', key).execute();
    },

    /** The request waiting for `owner` (the holder), taken so that it runs once; null when none. */
    async takeCommand(owner: string): Promise<string | null> {
      const row = await db
        .selectFrom('channel_state')
        .select('command')
        .where('key', '=', key)
        .where('lease_owner', '=', owner)
        .where('command', 'is not', null)
        .executeTakeFirst();
      if (!row?.command) return null;
      // Cleared only if unchanged: a request posted meanwhile waits for the next turn.
      const taken = await db
        .updateTable('channel_state')
        .set({ command: null })
        .where('key', '=', key)
        .where('command', '=', row.command)
        .executeTakeFirst();
      return Number(taken.numUpdatedRows) > 0 ? row.command : null;
    },

    /** The holder's answer to the request it took (JSON, carrying the request's id). */
    async putCommandResult(result: string): Promise<void> {
      await db.updateTable('channel_state').set({ command_result: result }).where('key', '=', key).execute();
    },

    async readCommandResult(): Promise<string | null> {
      const row = await db
        .selectFrom('channel_state')
        .select('command_result')
        .where('key', '=', key)
        .executeTakeFirst();
      return row?.command_result ?? null;
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
