import type { Kysely } from 'kysely';

/**
 * Linked-device messages as WhatsApp has them: media announced by a message is stored with it (what is
 * needed to download it, `media_descriptor`) and fetched afterwards by a job (`media_status` pending →
 * null when it arrives, 'unavailable' when it never can); a customer's edit replaces the content and a
 * deletion empties it, the first words kept in `original_content` for the audit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('media_status', 'text').execute();
  await db.schema.alterTable('messages').addColumn('media_descriptor', 'text').execute();
  await db.schema.alterTable('messages').addColumn('edited_at', 'bigint').execute();
  await db.schema.alterTable('messages').addColumn('deleted_at', 'bigint').execute();
  await db.schema.alterTable('messages').addColumn('original_content', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['original_content', 'deleted_at', 'edited_at', 'media_descriptor', 'media_status']) {
    await db.schema.alterTable('messages').dropColumn(column).execute();
  }
}
