import { type Kysely, type RawBuilder, type SqlBool, sql, type Transaction } from 'kysely';
import { mediaIdFromUrl } from '../../conversations/media/media-store.js';
import type { Database } from '../../db/schema.js';
import { type ErasedValue, PERSONAL_DATA, type RowsOf, type TableEntry } from './personal-data.js';

/**
 * The registry as SQL, the same on SQLite and PostgreSQL: which rows are one customer's, what erasure
 * writes, which rows retention reaches. Table and column names come only from the registry.
 */

export type Db = Kysely<Database> | Transaction<Database>;

/** What locates a customer's rows; phones and files are read before anything is blanked. */
export interface Subject {
  clientId: string;
  /** The customer's phone and WhatsApp LID, as stored. */
  phones: string[];
  /** Ids of the files sent in the customer's messages. */
  mediaIds: string[];
}

const ref = (column: string) => sql.ref(column);
const conversationsOf = (clientId: string) =>
  sql`(select id from conversations where client_id = ${clientId})`;
const messagesOf = (clientId: string) =>
  sql`(select id from messages where conversation_id in ${conversationsOf(clientId)})`;
const NOTHING = sql<SqlBool>`1 = 0`;

/** The condition selecting a customer's rows of a table (nothing for a table without any). */
export function rowsOf(rows: RowsOf, subject: Subject): RawBuilder<SqlBool> {
  const column = 'column' in rows ? ref(rows.column) : null;
  switch (rows.by) {
    case 'client':
      return sql<SqlBool>`${column} = ${subject.clientId}`;
    case 'conversation':
      return sql<SqlBool>`${column} in ${conversationsOf(subject.clientId)}`;
    case 'message':
      return sql<SqlBool>`${column} in ${messagesOf(subject.clientId)}`;
    case 'provider-message':
      return sql<SqlBool>`${column} in (select provider_message_id from messages
        where conversation_id in ${conversationsOf(subject.clientId)} and provider_message_id is not null)`;
    case 'phone':
      return subject.phones.length ? sql<SqlBool>`${column} in (${sql.join(subject.phones)})` : NOTHING;
    case 'media':
      return subject.mediaIds.length ? sql<SqlBool>`${column} in (${sql.join(subject.mediaIds)})` : NOTHING;
    case 'none':
      return NOTHING;
  }
}

function erasedSql(value: ErasedValue) {
  if (value === null) return sql`null`;
  if (typeof value === 'string') return sql`${value}`;
  return sql`${value.rowIdPrefix} || ${ref('id')}`;
}

/** `update <table> set <column> = <erased value>, … where <condition>`: how many rows it changed. */
export async function blank(
  db: Db,
  table: string,
  columns: ReadonlyArray<[string, ErasedValue]>,
  where: RawBuilder<SqlBool>,
): Promise<number> {
  if (columns.length === 0) return 0;
  const set = sql.join(columns.map(([column, value]) => sql`${ref(column)} = ${erasedSql(value)}`));
  const result = await sql`update ${sql.table(table)} set ${set} where ${where}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** `delete from <table> where <condition>`: how many rows it deleted. */
export async function remove(db: Db, table: string, where: RawBuilder<SqlBool>): Promise<number> {
  const result = await sql`delete from ${sql.table(table)} where ${where}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Every row of a table that is the customer's, every column (the export). */
export async function selectRows(db: Db, table: string, where: RawBuilder<SqlBool>) {
  return (await sql<Record<string, unknown>>`select * from ${sql.table(table)} where ${where}`.execute(db))
    .rows;
}

/** The registry's entries that hold a customer's data, in the registry's order. */
export function customerTables(): Array<[string, TableEntry]> {
  return Object.entries(PERSONAL_DATA).filter(([, entry]) => entry.rows.by !== 'none');
}

/** The customer's phones and files, read before erasure blanks them. */
export async function locate(db: Db, clientId: string): Promise<Subject | null> {
  const client = await db
    .selectFrom('clients')
    .select(['phone', 'lid'])
    .where('id', '=', clientId)
    .executeTakeFirst();
  if (!client) return null;
  const media = await sql<{ media_url: string }>`select media_url from messages
    where conversation_id in ${conversationsOf(clientId)} and media_url is not null`.execute(db);
  return {
    clientId,
    phones: [client.phone, client.lid].filter((p): p is string => Boolean(p)),
    mediaIds: media.rows
      .map((row) => mediaIdFromUrl(row.media_url))
      .filter((id): id is string => id !== null),
  };
}
