import type { Kysely } from 'kysely';

/** Ingest finds a customer's latest conversation by (client_id, started_at) without sorting. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('conversations_client_started_idx')
    .on('conversations')
    .columns(['client_id', 'started_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('conversations_client_started_idx').execute();
}
