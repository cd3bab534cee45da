import type { Conversation } from '@atende/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { now, toIso } from '../../lib/clock.js';

/** The last fifth of a target's time is its warning. */
const WARNING_SHARE = 0.2;

type Sla = NonNullable<Conversation['sla']>;

/** The nearest target of one open conversation, from its inbox's targets (minutes) and its waits. */
export function slaOf(
  conversation: {
    status: string;
    started_at: number;
    awaiting_since: number | null;
    first_response_ms: number | null;
  },
  targets: { firstResponseMinutes: number | null; resolutionMinutes: number | null },
  at = now(),
): Sla | null {
  if (conversation.status !== 'active') return null;
  const waitingSince =
    conversation.awaiting_since ?? (conversation.first_response_ms === null ? conversation.started_at : null);
  const [kind, from, minutes] =
    waitingSince !== null && targets.firstResponseMinutes !== null
      ? (['first_response', waitingSince, targets.firstResponseMinutes] as const)
      : targets.resolutionMinutes !== null
        ? (['resolution', conversation.started_at, targets.resolutionMinutes] as const)
        : [null, 0, 0];
  if (kind === null) return null;
  const due = from + minutes * 60_000;
  const state = at >= due ? 'breached' : at >= due - minutes * 60_000 * WARNING_SHARE ? 'warning' : 'ok';
  return { kind, dueAt: toIso(due), state };
}

/**
 * The response-time targets of a page of list rows (read when asked, like unread counts): nothing
 * is queried when no inbox has a target.
 */
export async function slasOf(
  db: Kysely<Database>,
  rows: ReadonlyArray<{ id: string; inboxId: string }>,
): Promise<Map<string, Sla>> {
  const inboxes = await db
    .selectFrom('inboxes')
    .select(['id', 'sla_first_response_minutes', 'sla_resolution_minutes'])
    .where((eb) =>
      eb.or([eb('sla_first_response_minutes', 'is not', null), eb('sla_resolution_minutes', 'is not', null)]),
    )
    .execute();
  if (inboxes.length === 0 || rows.length === 0) return new Map();
  const targets = new Map(
    inboxes.map((i) => [
      i.id,
      { firstResponseMinutes: i.sla_first_response_minutes, resolutionMinutes: i.sla_resolution_minutes },
    ]),
  );
  const ids = rows.filter((row) => targets.has(row.inboxId)).map((row) => row.id);
  if (ids.length === 0) return new Map();
  const details = await db
    .selectFrom('conversations')
    .select(['id', 'inbox_id', 'status', 'started_at', 'awaiting_since', 'first_response_ms'])
    .where('id', 'in', ids)
    .execute();
  const at = now();
  const out = new Map<string, Sla>();
  for (const row of details) {
    const target = targets.get(row.inbox_id);
    const sla = target ? slaOf(row, target, at) : null;
    if (sla) out.set(row.id, sla);
  }
  return out;
}
