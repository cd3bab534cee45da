import { type RawBuilder, sql } from 'kysely';

/**
 * How many open conversations the user of the row aliased `u` holds: what capacity and the team
 * list count (the assignment's own write re-counts one person with their row locked).
 */
export const openConversationsOfUser: RawBuilder<number> = sql<number>`(select count(*) from conversations c
  where c.handler_mode = 'human' and c.handler_user_id = u.id and c.status = 'active')`;
