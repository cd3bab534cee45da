import type { Kysely } from 'kysely';

/** Epoch-ms columns are bigint: integer on SQLite, int8 on PostgreSQL. */
const ms = 'bigint' as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('avatar', 'text')
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('remember', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('last_seen_at', ms, (c) => c.notNull())
    .addColumn('expires_at', ms, (c) => c.notNull())
    .addColumn('revoked_at', ms)
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('clients')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('phone', 'text', (c) => c.unique())
    .addColumn('name', 'text')
    .addColumn('email', 'text')
    .addColumn('avatar', 'text')
    .addColumn('total_messages', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_contact', ms)
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('conversations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('started_at', ms, (c) => c.notNull())
    .addColumn('last_message', 'text')
    .addColumn('last_message_time', ms)
    .addColumn('message_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('response_time_total_ms', ms, (c) => c.notNull().defaultTo(0))
    .addColumn('response_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('awaiting_since', ms)
    .addColumn('sentiment_score', 'real')
    .addColumn('is_ai_handled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('handler_mode', 'text', (c) => c.notNull().defaultTo('ai'))
    .addColumn('handler_user_id', 'text')
    .addColumn('handler_user_name', 'text')
    .addColumn('handler_since', ms, (c) => c.notNull())
    .addColumn('handler_reason', 'text')
    .addColumn('converted_at', ms)
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('conversations_client_idx').on('conversations').column('client_id').execute();
  await db.schema
    .createIndex('conversations_recent_idx')
    .on('conversations')
    .columns(['last_message_time', 'id'])
    .execute();
  await db.schema.createIndex('conversations_started_idx').on('conversations').column('started_at').execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('conversation_id', 'text', (c) =>
      c.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('provider_message_id', 'text', (c) => c.unique())
    .addColumn('sender', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('text'))
    .addColumn('timestamp', ms, (c) => c.notNull())
    .addColumn('ai_generated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('confidence_score', 'real')
    .addColumn('media_url', 'text')
    .addColumn('media_mime_type', 'text')
    .addColumn('reply_to_id', 'text')
    .addColumn('reply_to_content', 'text')
    .addColumn('reply_to_sender', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('sent'))
    .addColumn('author_user_id', 'text')
    .addColumn('author_name', 'text')
    .addColumn('evidence', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('messages_conversation_time_idx')
    .on('messages')
    .columns(['conversation_id', 'timestamp', 'id'])
    .execute();
  await db.schema.createIndex('messages_time_idx').on('messages').column('timestamp').execute();

  await db.schema
    .createTable('reactions')
    .addColumn('message_id', 'text', (c) => c.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('sender', 'text', (c) => c.notNull())
    .addColumn('emoji', 'text', (c) => c.notNull())
    .addColumn('created_at', ms, (c) => c.notNull())
    .addPrimaryKeyConstraint('reactions_pk', ['message_id', 'sender'])
    .execute();

  await db.schema
    .createTable('activities')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('timestamp', ms, (c) => c.notNull())
    .addColumn('conversation_id', 'text')
    .execute();
  await db.schema.createIndex('activities_time_idx').on('activities').column('timestamp').execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .execute();

  await db.schema
    .createTable('knowledge_base')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .execute();

  await db.schema
    .createTable('knowledge_gaps')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('question_key', 'text', (c) => c.notNull().unique())
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('last_asked_at', ms, (c) => c.notNull())
    .addColumn('conversation_id', 'text')
    .addColumn('message_id', 'text')
    .addColumn('suggested_answer', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('channel_state')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', ms)
    .execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('run_at', ms, (c) => c.notNull())
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', ms)
    .addColumn('last_error', 'text')
    .addColumn('dedupe_key', 'text', (c) => c.unique())
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_due_idx').on('jobs').columns(['status', 'run_at']).execute();

  await db.schema
    .createTable('simulator_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('provider_message_id', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('quoted_provider_message_id', 'text')
    .addColumn('emoji', 'text')
    .addColumn('delivered_at', ms, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('simulator_deliveries_phone_idx')
    .on('simulator_deliveries')
    .columns(['phone', 'delivered_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'simulator_deliveries',
    'jobs',
    'channel_state',
    'knowledge_gaps',
    'knowledge_base',
    'settings',
    'activities',
    'reactions',
    'messages',
    'conversations',
    'clients',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
