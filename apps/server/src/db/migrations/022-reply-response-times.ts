import { type Kysely, sql } from 'kysely';

/**
 * Each reply's response time, and each conversation's first response, stored when the reply is
 * written (docs/metrics.md). The analytics report then sums columns instead of finding, for every
 * reply, the client message it answers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('response_ms', 'bigint').execute();
  await db.schema.alterTable('conversations').addColumn('first_response_ms', 'bigint').execute();
  await db.schema.alterTable('conversations').addColumn('first_response_ai', 'integer').execute();

  // Our reply minus the first client message of the unanswered run it answers; NULL when none.
  await sql`
    UPDATE messages SET response_ms = messages.timestamp - (
      SELECT MIN(q.timestamp) FROM messages q
      WHERE q.conversation_id = messages.conversation_id AND q.sender = 'client'
        AND q.timestamp <= messages.timestamp
        AND q.timestamp > COALESCE((
          SELECT MAX(o.timestamp) FROM messages o
          WHERE o.conversation_id = messages.conversation_id AND o.sender IN ('agent', 'admin')
            AND o.timestamp < messages.timestamp
        ), -1)
    )
    WHERE sender IN ('agent', 'admin')`.execute(db);
  // The conversation's first reply of ours, from its start.
  await sql`
    UPDATE conversations SET
      first_response_ms = (
        SELECT MIN(r.timestamp) FROM messages r
        WHERE r.conversation_id = conversations.id AND r.sender IN ('agent', 'admin')
      ) - started_at,
      first_response_ai = (
        SELECT r.ai_generated FROM messages r
        WHERE r.conversation_id = conversations.id AND r.sender IN ('agent', 'admin')
        ORDER BY r.timestamp, r.id LIMIT 1
      )`.execute(db);

  // The reply figures read the message index alone: it now also holds who wrote the reply, its response
  // time and confidence (as wide as before in entries per message, one index replaced by another).
  await db.schema
    .createIndex('messages_sender_time_figures_idx')
    .on('messages')
    .columns(['sender', 'timestamp', 'conversation_id', 'ai_generated', 'response_ms', 'confidence_score'])
    .execute();
  await db.schema.dropIndex('messages_sender_time_idx').execute();
  await db.schema
    .createIndex('conversations_started_first_response_idx')
    .on('conversations')
    .columns(['started_at', 'first_response_ai', 'first_response_ms'])
    .execute();
  await db.schema.dropIndex('conversations_started_idx').execute();
  await db.schema
    .createIndex('conversations_converted_idx')
    .on('conversations')
    .column('converted_at')
    .execute();
  // Which conversation a stored file belongs to (operators' visibility on /api/media); few rows have one.
  await db.schema
    .createIndex('messages_media_url_idx')
    .on('messages')
    .column('media_url')
    .where(sql.ref('media_url'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('messages_media_url_idx').execute();
  await db.schema.dropIndex('conversations_converted_idx').execute();
  await db.schema.createIndex('conversations_started_idx').on('conversations').column('started_at').execute();
  await db.schema.dropIndex('conversations_started_first_response_idx').execute();
  await db.schema
    .createIndex('messages_sender_time_idx')
    .on('messages')
    .columns(['sender', 'timestamp', 'conversation_id'])
    .execute();
  await db.schema.dropIndex('messages_sender_time_figures_idx').execute();
  await db.schema.alterTable('conversations').dropColumn('first_response_ai').execute();
  await db.schema.alterTable('conversations').dropColumn('first_response_ms').execute();
  await db.schema.alterTable('messages').dropColumn('response_ms').execute();
}
