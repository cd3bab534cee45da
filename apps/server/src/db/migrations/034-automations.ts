import type { Kysely } from 'kysely';

/**
 * Automation rules (when an event happens, if conditions hold, then actions run), each rule's runs
 * per conversation (at most one per event: the unique key), what rules sent to whom (so the same rule
 * never sends a customer the same words twice within a day), macros, and each inbox's business hours.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('automation_rules')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('after_value', 'integer')
    .addColumn('conditions', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('actions', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('builtin', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('automation_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('rule_id', 'text', (c) => c.notNull())
    .addColumn('rule_name', 'text', (c) => c.notNull())
    .addColumn('conversation_id', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('lines', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('automation_runs_rule_event_idx')
    .on('automation_runs')
    .columns(['rule_id', 'event_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('automation_runs_conversation_idx')
    .on('automation_runs')
    .columns(['conversation_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('automation_sends')
    .addColumn('rule_id', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('text_hash', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'bigint', (c) => c.notNull())
    .execute();
  // One row per rule, customer and words: claiming it again within the window changes nothing.
  await db.schema
    .createIndex('automation_sends_key_idx')
    .on('automation_sends')
    .columns(['rule_id', 'client_id', 'text_hash'])
    .unique()
    .execute();
  await db.schema
    .createTable('macros')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'text')
    .addColumn('actions', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('inboxes').addColumn('business_hours', 'text').execute();
  await db.schema.alterTable('inboxes').addColumn('sla_first_response_minutes', 'integer').execute();
  await db.schema.alterTable('inboxes').addColumn('sla_resolution_minutes', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('inboxes').dropColumn('sla_resolution_minutes').execute();
  await db.schema.alterTable('inboxes').dropColumn('sla_first_response_minutes').execute();
  await db.schema.alterTable('inboxes').dropColumn('business_hours').execute();
  await db.schema.dropTable('macros').execute();
  await db.schema.dropTable('automation_sends').execute();
  await db.schema.dropTable('automation_runs').execute();
  await db.schema.dropTable('automation_rules').execute();
}
