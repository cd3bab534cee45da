import type { Activity, ActivityType } from '@atende/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { now, toIso } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import type { Realtime } from '../../types.js';

export interface NewActivity {
  type: ActivityType;
  title: string;
  description: string;
  conversationId?: string | null | undefined;
  timestamp?: number | undefined;
}

/** Writes an activity in the caller's transaction; emit it with `emitActivity` after the commit. */
export async function recordActivity(
  trx: Kysely<Database> | Transaction<Database>,
  activity: NewActivity,
): Promise<Activity> {
  const [recorded] = await recordActivities(trx, [activity]);
  if (!recorded) throw new Error('activity not recorded');
  return recorded;
}

/** Several activities in one statement in the caller's transaction, in order. */
export async function recordActivities(
  trx: Kysely<Database> | Transaction<Database>,
  activities: readonly NewActivity[],
): Promise<Activity[]> {
  if (activities.length === 0) return [];
  const at = now();
  const rows = activities.map((activity) => ({
    id: newId(),
    type: activity.type,
    title: activity.title,
    description: activity.description,
    timestamp: activity.timestamp ?? at,
    conversation_id: activity.conversationId ?? null,
  }));
  await trx.insertInto('activities').values(rows).execute();
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    title: row.title,
    description: row.description,
    timestamp: toIso(row.timestamp),
  }));
}

/** `analytics:update` to the dashboard room (one activity, prepended to the list). */
export function emitActivity(app: { realtime: Realtime }, activity: Activity): void {
  app.realtime.toDashboard('analytics:update', activity);
}
