import type { Kysely } from 'kysely';

const ms = 'bigint' as const;

/**
 * The CRM, the audit log and the history of who answers each conversation:
 * - clients get free-text notes and `erased_at` (LGPD erasure keeps the row, anonymised, so counts stay right);
 * - `clients_recent_idx` serves the clients list (most recent contact first, keyset on id);
 * - `handler_changes` is one row per change of who answers a conversation (agent hand-offs with their
 *   cause, takeovers, handbacks): analytics reads hand-off rates and reasons from it;
 * - `audit_log` is append-only: who did what and when.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('clients').addColumn('notes', 'text').execute();
  await db.schema.alterTable('clients').addColumn('erased_at', ms).execute();
  await db.schema.createIndex('clients_recent_idx').on('clients').columns(['last_contact', 'id']).execute();

  await db.schema
    .createTable('handler_changes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('conversation_id', 'text', (c) =>
      c.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('at', ms, (c) => c.notNull())
    .addColumn('from_mode', 'text', (c) => c.notNull())
    .addColumn('to_mode', 'text', (c) => c.notNull())
    .addColumn('cause', 'text')
    .addColumn('reason', 'text')
    .addColumn('user_id', 'text')
    .execute();
  await db.schema
    .createIndex('handler_changes_time_idx')
    .on('handler_changes')
    .columns(['at', 'to_mode'])
    .execute();
  await db.schema
    .createIndex('handler_changes_conversation_idx')
    .on('handler_changes')
    .column('conversation_id')
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', ms, (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor_name', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text')
    .addColumn('target_id', 'text')
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('ip', 'text')
    .execute();
  await db.schema.createIndex('audit_log_time_idx').on('audit_log').columns(['at', 'id']).execute();
  await db.schema.createIndex('audit_log_action_idx').on('audit_log').columns(['action', 'at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  await db.schema.dropTable('handler_changes').execute();
  await db.schema.dropIndex('clients_recent_idx').execute();
  await db.schema.alterTable('clients').dropColumn('erased_at').execute();
  await db.schema.alterTable('clients').dropColumn('notes').execute();
}
