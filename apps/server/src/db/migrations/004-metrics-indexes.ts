import type { Kysely } from 'kysely';

/**
 * Indexes for the dashboard and analytics figures (docs/metrics.md):
 * - `(sender, timestamp, conversation_id)`: "client messages in a period" and "our replies in a
 *   period" become index-only range scans (no table lookups);
 * - `(conversation_id, sender, timestamp)`: the response-time subqueries (previous reply, first
 *   client message of the unanswered run) are single index seeks.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('messages_sender_time_idx')
    .on('messages')
    .columns(['sender', 'timestamp', 'conversation_id'])
    .execute();
  await db.schema
    .createIndex('messages_conversation_sender_time_idx')
    .on('messages')
    .columns(['conversation_id', 'sender', 'timestamp'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('messages_conversation_sender_time_idx').execute();
  await db.schema.dropIndex('messages_sender_time_idx').execute();
}
