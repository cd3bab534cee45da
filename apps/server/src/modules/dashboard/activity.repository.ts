import type { Activity } from '@atende/contracts';
import { LIMITS } from '@atende/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { toIso } from '../../lib/clock.js';

/** The latest activities, newest first (ties: id descending), capped at spec §9's 10. */
export async function latestActivities(
  db: Kysely<Database>,
  limit: number = LIMITS.recentActivities,
): Promise<Activity[]> {
  const rows = await db
    .selectFrom('activities')
    .select(['id', 'type', 'title', 'description', 'timestamp'])
    .orderBy('timestamp', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, timestamp: toIso(Number(r.timestamp)) }));
}
