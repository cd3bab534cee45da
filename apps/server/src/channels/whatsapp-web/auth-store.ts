import type { Kysely, Transaction } from 'kysely';
import type { DatabaseKind } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { now } from '../../lib/clock.js';
import type { SecretBox } from '../../lib/secret-box.js';

/** The linked device's auth rows (migration 009), typed here: only this store touches the table. */
interface WhatsappAuthTable {
  account: string;
  type: string;
  id: string;
  value: string;
  updated_at: number;
}

/** Ids per statement: well under SQLite's and PostgreSQL's parameter limits. */
const CHUNK = 200;

/** A write refused because this process no longer holds the lease it was made under. */
export class FencedWriteError extends Error {
  constructor() {
    super('whatsapp-web auth write refused: the lease is held by another process');
    this.name = 'FencedWriteError';
  }
}

export interface AuthStoreOptions {
  /**
   * The lease the writes are made under (its `channel_state` key and this process's claim): each write
   * checks, in its own transaction, that the lease is still this owner's at this epoch, or applies
   * nothing. Absent: unfenced (tests of the store itself).
   */
  lease?: { key: string; kind: DatabaseKind; claim: () => { owner: string; epoch: number } | null };
  /** Seals every value at rest (AES-256-GCM); values stored before it are read as they are. */
  box?: SecretBox;
}

/**
 * Creds and signal keys of one linked device in the database, as opaque strings by (type, id)
 * (the adapter's `AuthKeyStore`). Each `write` is one transaction, so a message's key changes are
 * stored together or not at all — and only while this process holds the lease (fencing).
 */
export function whatsappAuthStore(
  database: Kysely<Database>,
  account: string,
  options: AuthStoreOptions = {},
) {
  const db = database.withTables<{ whatsapp_auth: WhatsappAuthTable }>();
  const open = (value: string) => (options.box ? options.box.open(value) : value);
  const seal = (value: string) => (options.box ? options.box.seal(value) : value);

  /** Inside the write's transaction: the lease is still ours, at the epoch we hold (row locked). */
  async function assertFence(trx: Transaction<Database & { whatsapp_auth: WhatsappAuthTable }>) {
    const lease = options.lease;
    if (!lease) return;
    const claim = lease.claim();
    if (!claim) throw new FencedWriteError();
    let query = trx
      .selectFrom('channel_state')
      .select(['lease_owner', 'lease_epoch'])
      .where('key', '=', lease.key);
    // PostgreSQL: held until the commit, so the lease cannot change hands in between. SQLite has one
    // writer: a lease taken meanwhile makes this transaction's first write fail.
    if (lease.kind === 'postgres') query = query.forUpdate();
    const row = await query.executeTakeFirst();
    if (row?.lease_owner !== claim.owner || Number(row.lease_epoch) !== claim.epoch)
      throw new FencedWriteError();
  }

  return {
    async read(type: string, ids: string[]): Promise<Map<string, string>> {
      const found = new Map<string, string>();
      for (let i = 0; i < ids.length; i += CHUNK) {
        const rows = await db
          .selectFrom('whatsapp_auth')
          .select(['id', 'value'])
          .where('account', '=', account)
          .where('type', '=', type)
          .where('id', 'in', ids.slice(i, i + CHUNK))
          .execute();
        for (const row of rows) found.set(row.id, open(row.value));
      }
      return found;
    },

    async write(entries: Array<{ type: string; id: string; value: string | null }>): Promise<void> {
      const at = now();
      await db.transaction().execute(async (trx) => {
        await assertFence(trx);
        for (const entry of entries) {
          if (entry.value === null) {
            await trx
              .deleteFrom('whatsapp_auth')
              .where('account', '=', account)
              .where('type', '=', entry.type)
              .where('id', '=', entry.id)
              .execute();
            continue;
          }
          await trx
            .insertInto('whatsapp_auth')
            .values({ account, type: entry.type, id: entry.id, value: seal(entry.value), updated_at: at })
            .onConflict((oc) =>
              oc.columns(['account', 'type', 'id']).doUpdateSet((eb) => ({
                value: eb.ref('excluded.value'),
                updated_at: at,
              })),
            )
            .execute();
        }
      });
    },

    /**
     * Seals what is stored in clear or under a previous key with the current key (after a key is set
     * or rotated), under the lease like any write; answers how many values it rewrote.
     */
    async resealAll(): Promise<number> {
      const box = options.box;
      if (!box) return 0;
      return db.transaction().execute(async (trx) => {
        await assertFence(trx);
        const rows = await trx
          .selectFrom('whatsapp_auth')
          .select(['type', 'id', 'value'])
          .where('account', '=', account)
          .execute();
        const stale = rows.filter((row) => !box.isCurrent(row.value));
        for (const row of stale) {
          await trx
            .updateTable('whatsapp_auth')
            .set({ value: box.seal(box.open(row.value)) })
            .where('account', '=', account)
            .where('type', '=', row.type)
            .where('id', '=', row.id)
            .execute();
        }
        return stale.length;
      });
    },

    async clear(): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await assertFence(trx);
        await trx.deleteFrom('whatsapp_auth').where('account', '=', account).execute();
      });
    },

    /** Whether a device is linked (creds saved with a registered identity). */
    async count(): Promise<number> {
      const row = await db
        .selectFrom('whatsapp_auth')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('account', '=', account)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type WhatsappAuthStore = ReturnType<typeof whatsappAuthStore>;
