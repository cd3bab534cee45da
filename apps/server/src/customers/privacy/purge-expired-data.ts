import { sql } from 'kysely';
import { mediaIdFromUrl } from '../../conversations/media/media-store.js';
import { PERSONAL_DATA, personalColumns } from './personal-data.js';
import { blank, type Db, remove } from './personal-data-sql.js';

/**
 * Retention, as the registry says for each table (`retention`), in the caller's transaction: rows
 * that go with an expiring message first, then the personal columns of old rows blanked, then old rows
 * deleted (messages last). Answers the rows deleted and blanked per table, and the files of the
 * deleted messages, which the caller removes from storage after the commit.
 */
export async function purgeExpiredData(trx: Db, cutoff: number) {
  const messages = PERSONAL_DATA.messages?.retention;
  if (messages?.when !== 'older') throw new Error('messages need an age-based retention');
  const expiredMessages = sql`(select id from messages where ${sql.ref(messages.column)} < ${cutoff})`;
  const files = await sql<{ media_url: string }>`select media_url from messages
    where ${sql.ref(messages.column)} < ${cutoff} and media_url is not null`.execute(trx);

  const deleted: Record<string, number> = {};
  const blanked: Record<string, number> = {};
  const entries = Object.entries(PERSONAL_DATA);
  for (const [table, entry] of entries) {
    const rule = entry.retention;
    if (rule?.when !== 'message-expired') continue;
    deleted[table] = await remove(trx, table, sql`${sql.ref(rule.column)} in ${expiredMessages}`);
  }
  for (const [table, entry] of entries) {
    const rule = entry.retention;
    if (rule?.when !== 'older' || rule.action !== 'erase') continue;
    blanked[table] = await blank(
      trx,
      table,
      personalColumns(entry),
      sql`${sql.ref(rule.column)} < ${cutoff}`,
    );
  }
  const deletions = entries.filter(
    ([, entry]) => entry.retention?.when === 'older' && entry.retention.action === 'delete',
  );
  // Messages last: what refers to them has gone first.
  deletions.sort(([a], [b]) => Number(a === 'messages') - Number(b === 'messages'));
  for (const [table, entry] of deletions) {
    const rule = entry.retention;
    if (rule?.when !== 'older') continue;
    deleted[table] = await remove(trx, table, sql`${sql.ref(rule.column)} < ${cutoff}`);
  }
  return {
    deleted,
    blanked,
    mediaIds: files.rows
      .map((row) => mediaIdFromUrl(row.media_url))
      .filter((id): id is string => id !== null),
  };
}
