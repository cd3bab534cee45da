import type { Kysely } from 'kysely';

/**
 * Cloud API channel: why a message failed (the provider's error code and its pt-BR explanation, shown
 * on the bubble), and the templates our template messages were sent with (read back by the channel
 * when the send job runs).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('status_error_code', 'text').execute();
  await db.schema.alterTable('messages').addColumn('status_error', 'text').execute();
  await db.schema
    .createTable('cloud_api_template_sends')
    .addColumn('provider_message_id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('parameters', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cloud_api_template_sends').ifExists().execute();
  await db.schema.alterTable('messages').dropColumn('status_error').execute();
  await db.schema.alterTable('messages').dropColumn('status_error_code').execute();
}
