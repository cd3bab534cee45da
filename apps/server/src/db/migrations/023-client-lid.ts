import { type Kysely, sql } from 'kysely';

/**
 * A client's WhatsApp LID (the `…@lid` user part, digits) beside the phone: WhatsApp addresses a
 * person by either, and the pair must outlive the process (and Baileys' own key store) so that a
 * LID-only message after a restart reaches the same client. Unique where present: one LID, one client.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('clients').addColumn('lid', 'text').execute();
  await db.schema
    .createIndex('clients_lid_idx')
    .on('clients')
    .column('lid')
    .unique()
    .where(sql.ref('lid'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('clients_lid_idx').execute();
  await db.schema.alterTable('clients').dropColumn('lid').execute();
}
