import { type Kysely, sql } from 'kysely';

const ms = 'bigint';

/**
 * Customer satisfaction and the reports a manager shapes: one row per resolution of a conversation
 * with its survey (rating and comment), each inbox's survey settings, the team's saved reports, the
 * customer's "do not contact" mark, the simulator's rating choices, and an index that lets replies'
 * response times be summed per person without reading the messages themselves.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('conversation_resolutions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('conversation_id', 'text', (c) => c.notNull())
    .addColumn('inbox_id', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('resolved_at', ms, (c) => c.notNull())
    .addColumn('cycle_started_at', ms, (c) => c.notNull())
    .addColumn('resolved_by', 'text', (c) => c.notNull())
    .addColumn('person_id', 'text')
    .addColumn('person_involved', 'integer', (c) => c.notNull())
    .addColumn('survey_status', 'text', (c) => c.notNull())
    .addColumn('survey_sent_at', ms)
    .addColumn('survey_message_id', 'text')
    .addColumn('rating', 'integer')
    .addColumn('rated_at', ms)
    .addColumn('comment', 'text')
    .addColumn('commented_at', ms)
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  // One row per resolution (a retried job writes nothing twice); a customer's reply finds the latest.
  await db.schema
    .createIndex('conversation_resolutions_conversation_idx')
    .on('conversation_resolutions')
    .columns(['conversation_id', 'resolved_at'])
    .unique()
    .execute();
  // The figures read a range of resolutions from this index alone (30,000 rows for 90 days of
  // bench:crm: 16 ms instead of 235 ms through the table, whose rows lie in conversation order).
  await db.schema
    .createIndex('conversation_resolutions_time_idx')
    .on('conversation_resolutions')
    .columns([
      'resolved_at',
      'inbox_id',
      'person_id',
      'person_involved',
      'survey_status',
      'rating',
      'cycle_started_at',
      'conversation_id',
    ])
    .execute();
  await db.schema
    .createIndex('conversation_resolutions_client_idx')
    .on('conversation_resolutions')
    .column('client_id')
    .execute();

  await db.schema
    .createTable('satisfaction_settings')
    .addColumn('inbox_id', 'text', (c) => c.primaryKey())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .execute();

  await db.schema
    .createTable('saved_reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull().unique())
    .addColumn('definition', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_by_name', 'text')
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable('clients')
    .addColumn('do_not_contact', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('simulator_deliveries').addColumn('choices', 'text').execute();

  // The few conversations that belong to a person (held, or last held), for the figures by person.
  await db.schema
    .createIndex('conversations_last_person_idx')
    .on('conversations')
    .columns(['last_person_id', 'last_message_time'])
    .where(sql.ref('last_person_id'), 'is not', null)
    .execute();
  // Replies with a response time, per person and per AI, summed from the index alone.
  await db.schema
    .createIndex('messages_reply_times_idx')
    .on('messages')
    .columns(['timestamp', 'author_user_id', 'ai_generated', 'response_ms', 'conversation_id'])
    .where(sql.ref('response_ms'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('messages_reply_times_idx').execute();
  await db.schema.dropIndex('conversations_last_person_idx').execute();
  await db.schema.alterTable('simulator_deliveries').dropColumn('choices').execute();
  await db.schema.alterTable('clients').dropColumn('do_not_contact').execute();
  await db.schema.dropTable('saved_reports').execute();
  await db.schema.dropTable('satisfaction_settings').execute();
  await db.schema.dropTable('conversation_resolutions').execute();
}
