import { type Kysely, sql } from 'kysely';

/**
 * Inboxes: each connected number is a row (its channel kind, name, settings) and every conversation
 * belongs to one. Existing conversations go to the inbox `default`, which the server creates on start
 * from `CHANNEL`/`WHATSAPP_*` when the table is empty; its channel state keeps the keys it had
 * (`simulator:default`, `whatsapp-web:default`), so a paired linked device stays paired.
 * Operators see an inbox when it is open to all of them (`operator_access = 'all'`) or they are
 * among its members. Pending channel jobs move to the default inbox's queue.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('inboxes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('agent_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('operator_access', 'text', (c) => c.notNull().defaultTo('all'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('removed_at', 'bigint')
    .execute();
  await db.schema
    .createTable('inbox_members')
    .addColumn('inbox_id', 'text', (c) => c.notNull().references('inboxes.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('inbox_members_pk', ['inbox_id', 'user_id'])
    .execute();
  await db.schema.createIndex('inbox_members_user_idx').on('inbox_members').column('user_id').execute();

  await db.schema
    .alterTable('conversations')
    .addColumn('inbox_id', 'text', (c) => c.notNull().defaultTo('default'))
    .execute();
  // Ingest finds a customer's latest conversation in an inbox; the client page lists by the prefix.
  await db.schema
    .createIndex('conversations_client_inbox_started_idx')
    .on('conversations')
    .columns(['client_id', 'inbox_id', 'started_at'])
    .execute();
  await db.schema.dropIndex('conversations_client_started_idx').execute();
  await db.schema
    .createIndex('conversations_inbox_recent_idx')
    .on('conversations')
    .columns(['inbox_id', 'last_message_time'])
    .execute();

  await db.schema
    .alterTable('simulator_deliveries')
    .addColumn('inbox_id', 'text', (c) => c.notNull().defaultTo('default'))
    .execute();

  await sql`update jobs set kind = kind || '@default'
    where kind in ('channel_send', 'channel_react') and status in ('pending', 'running')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update jobs set kind = replace(kind, '@default', '')
    where kind in ('channel_send@default', 'channel_react@default')`.execute(db);
  await db.schema.alterTable('simulator_deliveries').dropColumn('inbox_id').execute();
  await db.schema.dropIndex('conversations_inbox_recent_idx').execute();
  await db.schema
    .createIndex('conversations_client_started_idx')
    .on('conversations')
    .columns(['client_id', 'started_at'])
    .execute();
  await db.schema.dropIndex('conversations_client_inbox_started_idx').execute();
  await db.schema.alterTable('conversations').dropColumn('inbox_id').execute();
  await db.schema.dropTable('inbox_members').execute();
  await db.schema.dropTable('inboxes').execute();
}
