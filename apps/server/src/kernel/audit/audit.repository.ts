import type { AuditAction, AuditEntry, AuditQuery } from '@atende/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { now, toIso } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface AuditRecord {
  action: AuditAction;
  /** null for the system: the agent, the retention job. */
  actor?: { id: string; name: string } | null;
  targetType?: string | null;
  targetId?: string | null;
  /** Field names, counts, reasons. Never a secret value: callers pass names, not values. */
  detail?: Record<string, unknown>;
  ip?: string | null;
}

/**
 * Appends one entry. Pass the caller's transaction when the audited change is written in one, so
 * the record and the change commit together. The audit log is append-only: nothing updates or
 * deletes its rows (not even an erasure — it names the client's id, never their data).
 */
export async function recordAudit(db: Db, record: AuditRecord): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      id: newId(),
      at: now(),
      actor_id: record.actor?.id ?? null,
      actor_name: record.actor?.name ?? null,
      action: record.action,
      target_type: record.targetType ?? null,
      target_id: record.targetId ?? null,
      detail: JSON.stringify(record.detail ?? {}),
      ip: record.ip ?? null,
    })
    .execute();
}

/** Who last did `action` to `targetId` (null when nobody did, or the system did). */
export async function lastActorOf(
  db: Db,
  action: AuditAction,
  targetId: string,
): Promise<{ id: string; name: string } | null> {
  const row = await db
    .selectFrom('audit_log')
    .select(['actor_id', 'actor_name'])
    .where('action', '=', action)
    .where('target_id', '=', targetId)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.actor_id && row.actor_name ? { id: row.actor_id, name: row.actor_name } : null;
}

type AuditFilter = Omit<AuditQuery, 'limit' | 'cursor'>;

function filtered(db: Db, filter: AuditFilter) {
  let query = db.selectFrom('audit_log').selectAll();
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.actorId) query = query.where('actor_id', '=', filter.actorId);
  if (filter.targetId) query = query.where('target_id', '=', filter.targetId);
  if (filter.from) query = query.where('at', '>=', Date.parse(filter.from));
  if (filter.to) query = query.where('at', '<', Date.parse(filter.to));
  return query;
}

function toEntry(row: Database['audit_log'], targetName: string | null): AuditEntry {
  let detail: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(row.detail);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      detail = parsed as Record<string, unknown>;
  } catch {
    // a row written by hand with bad JSON shows no detail rather than breaking the list
  }
  return {
    id: row.id,
    at: toIso(Number(row.at)),
    actorId: row.actor_id,
    actorName: row.actor_name,
    action: row.action as AuditAction,
    targetType: row.target_type,
    targetId: row.target_id,
    targetName,
    detail,
    ip: row.ip,
  };
}

type Row = Database['audit_log'];
const nameKey = (type: string, id: string) => `${type}:${id}`;

/**
 * The current names of a page's users, clients, conversations (by their client) and inboxes, keyed by
 * `type:id`. Names are looked up, never stored in the log: an erased client is no longer named.
 */
async function targetNames(db: Db, rows: readonly Row[]): Promise<Map<string, string>> {
  const idsOf = (type: string) => [
    ...new Set(rows.flatMap((row) => (row.target_type === type && row.target_id ? [row.target_id] : []))),
  ];
  const names = new Map<string, string>();
  const users = idsOf('user');
  if (users.length > 0) {
    for (const user of await db.selectFrom('users').select(['id', 'name']).where('id', 'in', users).execute())
      names.set(nameKey('user', user.id), user.name);
  }
  const clients = idsOf('client');
  if (clients.length > 0) {
    const found = await db
      .selectFrom('clients')
      .select(['id', 'name', 'phone'])
      .where('id', 'in', clients)
      .where('erased_at', 'is', null)
      .execute();
    for (const client of found) {
      const name = client.name ?? client.phone;
      if (name) names.set(nameKey('client', client.id), name);
    }
  }
  const conversations = idsOf('conversation');
  if (conversations.length > 0) {
    const found = await db
      .selectFrom('conversations')
      .innerJoin('clients', 'clients.id', 'conversations.client_id')
      .select(['conversations.id as id', 'clients.name as name', 'clients.phone as phone'])
      .where('conversations.id', 'in', conversations)
      .where('clients.erased_at', 'is', null)
      .execute();
    for (const conversation of found) {
      const name = conversation.name ?? conversation.phone;
      if (name) names.set(nameKey('conversation', conversation.id), name);
    }
  }
  const inboxes = idsOf('inbox');
  if (inboxes.length > 0) {
    // A removed inbox keeps its row (and its name) for its history.
    for (const inbox of await db
      .selectFrom('inboxes')
      .select(['id', 'name'])
      .where('id', 'in', inboxes)
      .execute())
      names.set(nameKey('inbox', inbox.id), inbox.name);
  }
  return names;
}

/** Newest first, keyset-paged on (at, id). */
export async function listAudit(
  db: Db,
  query: AuditFilter & { limit: number; cursor?: string | undefined },
): Promise<{ entries: AuditEntry[]; nextCursor: string | null }> {
  let select = filtered(db, query);
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor);
    select = select.where((eb) =>
      eb.or([eb('at', '<', cursor.time), eb.and([eb('at', '=', cursor.time), eb('id', '<', cursor.id)])]),
    );
  }
  const rows = await select
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit + 1)
    .execute();
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const names = await targetNames(db, page);
  const nameOf = (row: Row) =>
    row.target_type && row.target_id ? (names.get(nameKey(row.target_type, row.target_id)) ?? null) : null;
  return {
    entries: page.map((row) => toEntry(row, nameOf(row))),
    nextCursor:
      rows.length > query.limit && last ? encodeCursor({ time: Number(last.at), id: last.id }) : null,
  };
}

/** Every matching entry, newest first, fetched a page at a time (the CSV export). */
export async function* iterateAudit(
  db: Db,
  filter: AuditFilter,
  pageSize = 1000,
): AsyncGenerator<AuditEntry> {
  let cursor: string | undefined;
  do {
    const page = await listAudit(db, { ...filter, limit: pageSize, cursor });
    yield* page.entries;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}
