import { type Kysely, sql } from 'kysely';

/**
 * A media message keeps its file's name and size (`media_file_name`, `media_size`), so the chat shows
 * a document's card without a query per message; filled for the files already stored from `media`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('media_file_name', 'text').execute();
  await db.schema.alterTable('messages').addColumn('media_size', 'bigint').execute();
  await sql`update messages
    set media_file_name = (select file_name from media where ${sql.lit('/api/media/')} || media.id = messages.media_url),
        media_size = (select size from media where ${sql.lit('/api/media/')} || media.id = messages.media_url)
    where media_url is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('media_size').execute();
  await db.schema.alterTable('messages').dropColumn('media_file_name').execute();
}
