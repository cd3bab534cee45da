import type { Kysely } from 'kysely';

/**
 * The team's day: conversations end (snoozed until a time, archived), remember the last person who
 * held them (a customer who writes again goes back to them), and carry a transcript of what people
 * did (private notes, system lines). Each person has an availability and what they last saw of each
 * conversation; each inbox may assign handed-off conversations to its available members, up to a
 * number of open conversations each.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('conversations').addColumn('archived_at', 'bigint').execute();
  await db.schema.alterTable('conversations').addColumn('snoozed_until', 'bigint').execute();
  await db.schema.alterTable('conversations').addColumn('last_person_id', 'text').execute();
  // The lists leave archived conversations out: newest first among the unarchived (the page and its
  // count read this index alone; on archived_at only, SQLite sorted every row for each page).
  await db.schema
    .createIndex('conversations_archived_time_idx')
    .on('conversations')
    .columns(['archived_at', 'last_message_time', 'id'])
    .execute();
  // The queue ("não atribuídas", oldest first) and each person's open conversations.
  await db.schema
    .createIndex('conversations_handler_idx')
    .on('conversations')
    .columns(['handler_mode', 'handler_user_id', 'status'])
    .execute();

  await db.schema
    .alterTable('users')
    .addColumn('availability', 'text', (c) => c.notNull().defaultTo('online'))
    .execute();
  await db.schema.alterTable('users').addColumn('last_assigned_at', 'bigint').execute();

  await db.schema
    .alterTable('inboxes')
    .addColumn('auto_assign', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('inboxes')
    .addColumn('assign_capacity', 'integer', (c) => c.notNull().defaultTo(10))
    .execute();

  await db.schema
    .createTable('conversation_timeline')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('conversation_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('event', 'text')
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('author_id', 'text')
    .addColumn('author_name', 'text')
    .addColumn('mentions', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('conversation_timeline_conversation_idx')
    .on('conversation_timeline')
    .columns(['conversation_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('conversation_reads')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('conversation_id', 'text', (c) => c.notNull())
    .addColumn('read_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('conversation_reads_pk', ['user_id', 'conversation_id'])
    .execute();
  await db.schema
    .createIndex('conversation_reads_conversation_idx')
    .on('conversation_reads')
    .column('conversation_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('conversation_reads').execute();
  await db.schema.dropTable('conversation_timeline').execute();
  await db.schema.alterTable('inboxes').dropColumn('assign_capacity').execute();
  await db.schema.alterTable('inboxes').dropColumn('auto_assign').execute();
  await db.schema.alterTable('users').dropColumn('last_assigned_at').execute();
  await db.schema.alterTable('users').dropColumn('availability').execute();
  await db.schema.dropIndex('conversations_handler_idx').execute();
  await db.schema.dropIndex('conversations_archived_time_idx').execute();
  await db.schema.alterTable('conversations').dropColumn('last_person_id').execute();
  await db.schema.alterTable('conversations').dropColumn('snoozed_until').execute();
  await db.schema.alterTable('conversations').dropColumn('archived_at').execute();
}
