import type { Mention, TimelineEntry, TimelineEvent } from '@atende/contracts';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { ConversationTimelineTable, Database } from '../../db/schema.js';
import { now, toIso } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';

type Db = Kysely<Database> | Transaction<Database>;
type TimelineRow = Selectable<ConversationTimelineTable>;

export interface TimelineAuthor {
  id: string;
  name: string;
}

export function toTimelineEntry(row: TimelineRow): TimelineEntry {
  let mentions: Mention[] = [];
  try {
    mentions = JSON.parse(row.mentions) as Mention[];
  } catch {
    mentions = [];
  }
  return {
    id: row.id,
    conversationId: row.conversation_id,
    kind: row.kind,
    event: (row.event as TimelineEvent | null) ?? null,
    text: row.text,
    author: row.author_id && row.author_name ? { id: row.author_id, name: row.author_name } : null,
    mentions,
    createdAt: toIso(row.created_at),
  };
}

/** Adds a note or a system line to a conversation's transcript, in the caller's transaction. */
export async function addTimelineEntry(
  trx: Db,
  entry: {
    conversationId: string;
    kind: 'note' | 'event';
    event?: TimelineEvent | undefined;
    text: string;
    author: TimelineAuthor | null;
    mentions?: readonly Mention[] | undefined;
    at?: number | undefined;
    /** A fixed id makes a repeated write (an automation's retried job) add nothing. */
    id?: string | undefined;
  },
): Promise<TimelineEntry> {
  const at = entry.at ?? now();
  const row: TimelineRow = {
    id: entry.id ?? newId(at),
    conversation_id: entry.conversationId,
    kind: entry.kind,
    event: entry.event ?? null,
    text: entry.text,
    author_id: entry.author?.id ?? null,
    author_name: entry.author?.name ?? null,
    mentions: JSON.stringify(entry.mentions ?? []),
    created_at: at,
  };
  await trx
    .insertInto('conversation_timeline')
    .values(row)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  return toTimelineEntry(row);
}

/** A conversation's transcript beyond its messages, oldest first (the newest `limit`). */
export async function readTimeline(db: Db, conversationId: string, limit = 1000): Promise<TimelineEntry[]> {
  const rows = await db
    .selectFrom('conversation_timeline')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse().map(toTimelineEntry);
}
