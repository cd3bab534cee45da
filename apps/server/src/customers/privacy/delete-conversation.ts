import { sql } from 'kysely';
import { mediaIdFromUrl } from '../../conversations/media/media-store.js';
import { PERSONAL_DATA } from './personal-data.js';
import { type Db, remove } from './personal-data-sql.js';

/**
 * Deletes one conversation and every row the registry finds through it (its messages and what
 * hangs on them, notes, read marks, handler history, activities, media rows), in the caller's
 * transaction, the conversation itself last. Answers the files the caller removes after the commit.
 */
export async function deleteConversationData(trx: Db, conversationId: string) {
  const files = await sql<{ media_url: string }>`select media_url from messages
    where conversation_id = ${conversationId} and media_url is not null`.execute(trx);
  const mediaIds = files.rows
    .map((row) => mediaIdFromUrl(row.media_url))
    .filter((id): id is string => id !== null);
  const messageIds = sql`(select id from messages where conversation_id = ${conversationId})`;
  const providerIds = sql`(select provider_message_id from messages
    where conversation_id = ${conversationId} and provider_message_id is not null)`;
  const entries = Object.entries(PERSONAL_DATA);
  const deleted: Record<string, number> = {};
  for (const [table, { rows }] of entries) {
    if (rows.by === 'message')
      deleted[table] = await remove(trx, table, sql`${sql.ref(rows.column)} in ${messageIds}`);
    if (rows.by === 'provider-message')
      deleted[table] = await remove(trx, table, sql`${sql.ref(rows.column)} in ${providerIds}`);
  }
  for (const [table, { rows }] of entries) {
    if (rows.by !== 'conversation' || table === 'messages') continue;
    deleted[table] = await remove(trx, table, sql`${sql.ref(rows.column)} = ${conversationId}`);
  }
  deleted.messages = await remove(trx, 'messages', sql`conversation_id = ${conversationId}`);
  for (const [table, { rows }] of entries) {
    if (rows.by === 'media' && mediaIds.length > 0)
      deleted[table] = await remove(trx, table, sql`${sql.ref(rows.column)} in (${sql.join(mediaIds)})`);
  }
  deleted.conversations = await remove(trx, 'conversations', sql`id = ${conversationId}`);
  return { deleted, mediaIds };
}
