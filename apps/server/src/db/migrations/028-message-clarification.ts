import { type Kysely, sql } from 'kysely';

/**
 * The agent asks which topic a customer meant when it is unsure: the question's options (and, on the
 * answer that follows, which one was picked and how it ended) are kept on the message as JSON, and a
 * customer's tap on an interactive list or button keeps the option's id. The index serves the
 * analytics count of clarifications over a period: few messages have one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('clarification', 'text').execute();
  await db.schema.alterTable('messages').addColumn('interactive_reply_id', 'text').execute();
  await db.schema
    .createIndex('messages_clarification_idx')
    .on('messages')
    .column('timestamp')
    .where(sql.ref('clarification'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('messages_clarification_idx').execute();
  await db.schema.alterTable('messages').dropColumn('interactive_reply_id').execute();
  await db.schema.alterTable('messages').dropColumn('clarification').execute();
}
