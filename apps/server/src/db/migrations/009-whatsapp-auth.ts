import type { Kysely } from 'kysely';

/**
 * The linked device's credentials and signal keys (channels/whatsapp-web): one row per (account,
 * type, id), values serialised by the adapter. Secret: never logged, never served.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('whatsapp_auth')
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('whatsapp_auth_pk', ['account', 'type', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('whatsapp_auth').ifExists().execute();
}
