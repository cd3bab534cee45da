import type { Insertable, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { clientSearchName, conversationSearchText } from './search-text.js';

type Row<T extends keyof Database> = Insertable<Database[T]>;

/** Customers with their conversations, messages and reactions, as they were (demo data, imports). */
export interface History {
  clients: Row<'clients'>[];
  /** `search_text` is filled in here when absent. */
  conversations: Row<'conversations'>[];
  messages: Row<'messages'>[];
  reactions: Row<'reactions'>[];
  /** Who answered when: hand-offs and takeovers, for the analytics. */
  handlerChanges?: Row<'handler_changes'>[];
}

/** Inserts rows in chunks that stay under both databases' bound-parameter limits. */
export async function insertChunked<R extends object>(
  rows: readonly R[],
  insert: (chunk: R[]) => Promise<unknown>,
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const size = Math.max(1, Math.floor(20_000 / Object.keys(first).length));
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/**
 * Writes a finished history in bulk inside the caller's transaction (batched multi-row inserts: a
 * month of demo conversations in a fraction of a second), with no events or jobs: nothing in it is
 * new to anyone. Rows must be consistent already (counters, last message, handler).
 */
export async function importHistory(trx: Transaction<Database>, history: History): Promise<void> {
  const clients = new Map(history.clients.map((client) => [client.id, client]));
  const conversations = history.conversations.map((row) => {
    if (row.search_text != null) return row;
    const client = clients.get(row.client_id);
    return {
      ...row,
      search_text: conversationSearchText({
        clientId: row.client_id,
        clientName: client?.name ?? null,
        clientPhone: client?.phone ?? null,
        lastMessage: row.last_message ?? null,
      }),
    };
  });
  const clientRows = history.clients.map((client) =>
    client.search_name === undefined ? { ...client, search_name: clientSearchName(client.name) } : client,
  );
  await insertChunked(clientRows, (rows) => trx.insertInto('clients').values(rows).execute());
  await insertChunked(conversations, (rows) => trx.insertInto('conversations').values(rows).execute());
  await insertChunked(history.messages, (rows) => trx.insertInto('messages').values(rows).execute());
  await insertChunked(history.reactions, (rows) => trx.insertInto('reactions').values(rows).execute());
  await insertChunked(history.handlerChanges ?? [], (rows) =>
    trx.insertInto('handler_changes').values(rows).execute(),
  );
}
