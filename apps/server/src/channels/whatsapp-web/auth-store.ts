import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { now } from '../../lib/clock.js';

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

/**
 * Creds and signal keys of one linked device in the database, as opaque strings by (type, id)
 * (the adapter's `AuthKeyStore`). Each `write` is one transaction, so a message's key changes are
 * stored together or not at all.
 */
export function whatsappAuthStore(database: Kysely<Database>, account: string) {
  const db = database.withTables<{ whatsapp_auth: WhatsappAuthTable }>();
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
        for (const row of rows) found.set(row.id, row.value);
      }
      return found;
    },

    async write(entries: Array<{ type: string; id: string; value: string | null }>): Promise<void> {
      const at = now();
      await db.transaction().execute(async (trx) => {
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
            .values({ account, type: entry.type, id: entry.id, value: entry.value, updated_at: at })
            .onConflict((oc) =>
              oc
                .columns(['account', 'type', 'id'])
                .doUpdateSet({ value: entry.value as string, updated_at: at }),
            )
            .execute();
        }
      });
    },

    async clear(): Promise<void> {
      await db.deleteFrom('whatsapp_auth').where('account', '=', account).execute();
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
