import type { Kysely, Transaction } from 'kysely';
import type { InboundMessage } from '../../channels/channel.js';
import type { Database } from '../../db/schema.js';
import { now } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { normalizePhone } from '../../lib/phone.js';
import type { DomainEvents, Realtime } from '../../types.js';
import { refreshConversations } from './client-records.js';
import { PendingEvents } from './pending-events.js';
import { clientSearchName } from './search-text.js';

/**
 * One customer, one client, whichever form WhatsApp addresses them by: the phone number or the LID
 * (`…@lid`). The pair is stored on the client (`clients.lid`), so it outlives the process and the
 * adapter's memory. A LID-only contact whose number is unknown is stored with the LID's digits as its
 * phone (what the channel sends); once the number is learned, that client takes it, and a second
 * client created meanwhile under the number is merged into one.
 */

type Trx = Transaction<Database>;

interface ClientIdentity {
  id: string;
  phone: string | null;
  lid: string | null;
  name: string | null;
  email: string | null;
  notes: string | null;
  labels: string;
  total_messages: number;
  last_contact: number | null;
  created_at: number;
}

const COLUMNS = [
  'id',
  'phone',
  'lid',
  'name',
  'email',
  'notes',
  'labels',
  'total_messages',
  'last_contact',
  'created_at',
] as const;

const digits = (value: string | null | undefined) => (value ? normalizePhone(value) : '');

/** Merges `from` into `into` (the one keeping the phone): conversations move, counters add up. */
async function merge(
  trx: Trx,
  from: ClientIdentity,
  into: ClientIdentity,
  lid: string,
  events: PendingEvents,
) {
  await trx
    .updateTable('conversations')
    .set({ client_id: into.id })
    .where('client_id', '=', from.id)
    .execute();
  // The unique LID (and phone) must be free before the survivor takes them.
  await trx.deleteFrom('clients').where('id', '=', from.id).execute();
  const labels = [...new Set([...parseLabels(into.labels), ...parseLabels(from.labels)])];
  await trx
    .updateTable('clients')
    .set({
      lid,
      name: into.name ?? from.name,
      search_name: clientSearchName(into.name ?? from.name),
      email: into.email ?? from.email,
      notes: into.notes ?? from.notes,
      labels: JSON.stringify(labels),
      total_messages: into.total_messages + from.total_messages,
      last_contact: Math.max(into.last_contact ?? 0, from.last_contact ?? 0) || null,
      created_at: Math.min(into.created_at, from.created_at),
    })
    .where('id', '=', into.id)
    .execute();
  await refreshConversations(trx, into.id, events);
}

function parseLabels(json: string): string[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Links `lid` and (when known) `phone` to one client: found by either form, merged when they were
 * two, created when neither exists and `create` says so. Answers the phone the client is stored
 * under (the ingest upserts by it), or null when there is no client and none was created.
 */
async function linkOne(
  trx: Trx,
  lid: string,
  phone: string | null,
  create: boolean,
  events: PendingEvents,
): Promise<string | null> {
  const phones = phone && phone !== lid ? [phone, lid] : [lid];
  const rows: ClientIdentity[] = await trx
    .selectFrom('clients')
    .select(COLUMNS)
    .where((eb) => eb.or([eb('lid', '=', lid), eb('phone', 'in', phones)]))
    .orderBy('id')
    .execute();
  // A LID-only client: linked by the column, or stored under the LID's digits before it existed.
  const byLid = rows.find((row) => row.lid === lid) ?? rows.find((row) => row.phone === lid && !row.lid);
  const byPhone = phone && phone !== lid ? rows.find((row) => row.phone === phone) : undefined;

  if (byLid && byPhone && byLid.id !== byPhone.id) {
    await merge(trx, byLid, byPhone, lid, events);
    return byPhone.phone;
  }
  const found = byLid ?? byPhone;
  if (found) {
    const patch: { lid?: string; phone?: string } = {};
    if (found.lid !== lid) patch.lid = lid;
    const storedPhone = phone ?? found.phone ?? lid;
    if (found.phone !== storedPhone) patch.phone = storedPhone;
    if (patch.lid !== undefined || patch.phone !== undefined) {
      // A phone held by another client means the number moved to a new LID: that LID wins the number.
      await trx.updateTable('clients').set(patch).where('id', '=', found.id).execute();
      if (patch.phone !== undefined) await refreshConversations(trx, found.id, events);
    }
    return storedPhone;
  }
  if (!create) return null;
  const at = now();
  const inserted = await trx
    .insertInto('clients')
    .values({
      id: newId(),
      phone: phone ?? lid,
      lid,
      name: null,
      total_messages: 0,
      last_contact: at,
      created_at: at,
    })
    // Another process created it meanwhile (PostgreSQL): link to that one instead.
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return phone ?? lid;
  return linkOne(trx, lid, phone, false, events);
}

/**
 * The ingest's first step for a batch (in its transaction): each message that carries a LID gets,
 * as its `phone`, the phone its client is stored under, so the upsert by phone that follows reaches
 * that one client. Messages without a LID cost nothing.
 */
export async function resolveClientIdentities<T extends InboundMessage>(
  trx: Trx,
  batch: readonly T[],
): Promise<readonly T[]> {
  const pairs = new Map<string, string | null>();
  for (const inbound of batch) {
    const lid = digits(inbound.lid);
    if (!lid) continue;
    const phone = digits(inbound.phone);
    // The channel sends the LID's digits as the phone while the number is unknown.
    const known = phone && phone !== lid ? phone : null;
    pairs.set(lid, known ?? pairs.get(lid) ?? null);
  }
  if (pairs.size === 0) return batch;
  const events = new PendingEvents();
  const stored = new Map<string, string>();
  // In LID order, so concurrent batches (PostgreSQL) lock the same clients alike.
  for (const lid of [...pairs.keys()].sort()) {
    stored.set(lid, (await linkOne(trx, lid, pairs.get(lid) ?? null, true, events)) ?? lid);
  }
  return batch.map((inbound) => {
    const lid = digits(inbound.lid);
    const phone = lid ? stored.get(lid) : undefined;
    return phone ? { ...inbound, phone, lid } : inbound;
  });
}

/** Pairs looked up per query (well under SQLite's and PostgreSQL's bound-parameter limits). */
const LOOKUP_CHUNK = 400;

/**
 * WhatsApp told us LID ↔ phone pairs outside a message (Baileys' `lid-mapping.update`, the thousands
 * of a history sync): an existing client gets the missing form, and two clients of the same person
 * become one. Nobody new is created (a pair is not a contact), so one read finds the few pairs that
 * concern a client, and only those are written, in one transaction.
 */
export async function linkClientIdentities(
  deps: { db: Kysely<Database>; realtime: Realtime; domainEvents: DomainEvents },
  pairs: ReadonlyArray<{ lid: string; phone: string }>,
): Promise<void> {
  const wanted = new Map<string, string>();
  for (const pair of pairs) {
    const lid = digits(pair.lid);
    const phone = digits(pair.phone);
    if (lid && phone && lid !== phone) wanted.set(lid, phone);
  }
  const entries = [...wanted].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const known: Array<[string, string]> = [];
  for (let i = 0; i < entries.length; i += LOOKUP_CHUNK) {
    const chunk = entries.slice(i, i + LOOKUP_CHUNK);
    const lids = chunk.map(([lid]) => lid);
    const phones = chunk.flatMap(([lid, phone]) => [phone, lid]);
    const rows = await deps.db
      .selectFrom('clients')
      .select(['phone', 'lid'])
      .where((eb) => eb.or([eb('lid', 'in', lids), eb('phone', 'in', phones)]))
      .execute();
    for (const [lid, phone] of chunk) {
      const matches = rows.filter((row) => row.lid === lid || row.phone === phone || row.phone === lid);
      // One client, already linked exactly so: nothing to write.
      const linked = matches.length === 1 && matches[0]?.lid === lid && matches[0]?.phone === phone;
      if (matches.length > 0 && !linked) known.push([lid, phone]);
    }
  }
  if (known.length === 0) return;
  const events = new PendingEvents();
  await deps.db.transaction().execute(async (trx) => {
    for (const [lid, phone] of known) await linkOne(trx, lid, phone, false, events);
  });
  events.flush(deps);
}
