import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * Which inboxes an operator may see: the reads the inbox rule needs, kept beside it so seeing stays
 * one rule list (the inboxes context writes these tables and asks the same question here).
 */
export function inboxMembership(db: Kysely<Database>) {
  return {
    /** Every inbox id, removed ones included (their conversations are still there). */
    async allIds(): Promise<string[]> {
      return (await db.selectFrom('inboxes').select('id').execute()).map((row) => row.id);
    },

    /** The inboxes an operator may see (admins see all: the caller decides who is restricted). */
    async visibleTo(userId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('inboxes as i')
        .select('i.id')
        .where((eb) =>
          eb.or([
            eb('i.operator_access', '=', 'all'),
            eb.exists(
              eb
                .selectFrom('inbox_members as m')
                .select('m.user_id')
                .whereRef('m.inbox_id', '=', 'i.id')
                .where('m.user_id', '=', userId),
            ),
          ]),
        )
        .execute();
      return rows.map((row) => row.id);
    },
  };
}
