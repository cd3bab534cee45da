import type { Activity } from '@atende/contracts';
import { LIMITS } from '@atende/contracts';
import type { Kysely } from 'kysely';
import type { ConversationScope } from '../../conversations/visibility/visibility.service.js';
import type { Database } from '../../db/schema.js';
import { toIso } from '../../lib/clock.js';

/**
 * The latest activities the viewer may see, newest first (ties: id descending), capped at the
 * dashboard's 10: those about no conversation, or about one they see (an activity names its customer).
 */
export async function latestActivities(
  db: Kysely<Database>,
  scope: ConversationScope,
  limit: number = LIMITS.recentActivities,
): Promise<Activity[]> {
  const rows = await db
    .selectFrom('activities as a')
    .select(['a.id', 'a.type', 'a.title', 'a.description', 'a.timestamp'])
    .$if(scope.limited, (q) => q.where(scope.conversationIdWhere('a.conversation_id')))
    .orderBy('a.timestamp', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, timestamp: toIso(Number(r.timestamp)) }));
}
