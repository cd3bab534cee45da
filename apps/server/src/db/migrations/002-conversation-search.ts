import type { Kysely } from 'kysely';

/**
 * Accent- and case-insensitive search over a conversation: a normalised text (client id, name, phone,
 * last message) kept up to date by the messaging services. Null for rows written elsewhere (seed):
 * the list query falls back to the raw columns for those.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('conversations').addColumn('search_text', 'text').execute();
  await db.schema
    .createIndex('conversations_status_recent_idx')
    .on('conversations')
    .columns(['status', 'last_message_time', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('conversations_status_recent_idx').execute();
  await db.schema.alterTable('conversations').dropColumn('search_text').execute();
}
