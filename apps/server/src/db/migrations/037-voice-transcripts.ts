import type { Kysely } from 'kysely';

/**
 * A customer's voice note keeps what the speech-to-text provider heard (`transcript`) and where its
 * transcription stands (`transcript_status`: pending, done, failed; null for every other message).
 * The simulator records the files it delivers (type, size, sent as a voice note or not).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('transcript', 'text').execute();
  await db.schema.alterTable('messages').addColumn('transcript_status', 'text').execute();
  await db.schema.alterTable('simulator_deliveries').addColumn('media_mime_type', 'text').execute();
  await db.schema.alterTable('simulator_deliveries').addColumn('media_size', 'bigint').execute();
  await db.schema.alterTable('simulator_deliveries').addColumn('voice', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('simulator_deliveries').dropColumn('voice').execute();
  await db.schema.alterTable('simulator_deliveries').dropColumn('media_size').execute();
  await db.schema.alterTable('simulator_deliveries').dropColumn('media_mime_type').execute();
  await db.schema.alterTable('messages').dropColumn('transcript_status').execute();
  await db.schema.alterTable('messages').dropColumn('transcript').execute();
}
