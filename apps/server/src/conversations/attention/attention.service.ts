import type { Attention } from '@atende/contracts';
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { now } from '../../lib/clock.js';

/** The viewer's visibility, as the list applies it. */
interface Scope {
  readonly limited: boolean;
  where(table: string): Expression<SqlBool>;
}

/** Customer messages after what the person last saw, in one conversation. */
const unreadSince = (userId: string) => sql<number>`(
  select count(*) from messages m
  where m.conversation_id = c.id and m.sender = 'client'
    and m.timestamp > coalesce(
      (select r.read_at from conversation_reads r where r.user_id = ${userId} and r.conversation_id = c.id), 0))`;

/**
 * A list row's unread count for the viewer (alias `c`): only where a person is needed (held by the
 * viewer, or waiting for someone), else 0. Selected with the page itself, so reading it costs no query.
 */
export const unreadColumn = (userId: string) => sql<number>`case
  when c.handler_mode = 'waiting_human' or (c.handler_mode = 'human' and c.handler_user_id = ${userId})
  then ${unreadSince(userId)} else 0 end`;

/**
 * What needs each person: the tab counts and the marks of what they have seen (each row's unread count
 * is `unreadColumn`). Computed when asked, so nothing is added to the write of each message.
 */
export function attentionService(db: Kysely<Database>) {
  return {
    /** The person has seen the conversation up to now (its chat is open in front of them). */
    async markRead(userId: string, conversationId: string, at = now()): Promise<void> {
      await db
        .insertInto('conversation_reads')
        .values({ user_id: userId, conversation_id: conversationId, read_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'conversation_id']).doUpdateSet({ read_at: at }))
        .execute();
    },

    /** Tab counts and the badge: open conversations held by me, waiting for someone, all of them. */
    async countsFor(userId: string, scope: Scope): Promise<Attention> {
      let open = db
        .selectFrom('conversations as c')
        .where('c.status', '=', 'active')
        .where('c.archived_at', 'is', null);
      if (scope.limited) open = open.where(scope.where('c'));
      const mine = sql<SqlBool>`(c.handler_mode = 'human' and c.handler_user_id = ${userId})`;
      const waiting = sql<SqlBool>`c.handler_mode = 'waiting_human'`;
      const row = await open
        .select([
          sql<number>`sum(case when ${mine} then 1 else 0 end)`.as('mine'),
          sql<number>`sum(case when ${waiting} then 1 else 0 end)`.as('unassigned'),
          sql<number>`count(*)`.as('all'),
          sql<number>`sum(case when (${mine} or ${waiting}) and ${unreadSince(userId)} > 0 then 1 else 0 end)`.as(
            'unread',
          ),
        ])
        .executeTakeFirst();
      return {
        mine: Number(row?.mine ?? 0),
        unassigned: Number(row?.unassigned ?? 0),
        all: Number(row?.all ?? 0),
        unread: Number(row?.unread ?? 0),
      };
    },
  };
}

export type AttentionService = ReturnType<typeof attentionService>;
