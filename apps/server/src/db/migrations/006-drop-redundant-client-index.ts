import type { Kysely } from 'kysely';

/**
 * `conversations_client_idx (client_id)` is a prefix of `conversations_client_started_idx
 * (client_id, started_at)` (migration 003), which answers every lookup by client the same way. Every
 * new conversation paid for both; it now pays for one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('conversations_client_idx').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('conversations_client_idx').on('conversations').column('client_id').execute();
}
