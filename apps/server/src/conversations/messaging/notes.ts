import { findMentions, type TimelineEntry } from '@atende/contracts';
import type { Expression, Kysely, SqlBool } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { now } from '../../lib/clock.js';
import type { DomainEvents, Realtime } from '../../types.js';
import { CONVERSATION_NOT_FOUND } from './change-handler.js';
import { PendingEvents } from './pending-events.js';
import { addTimelineEntry, readTimeline, type TimelineAuthor, toTimelineEntry } from './timeline.js';

/** The viewer's visibility, as the lists apply it. */
interface Scope {
  readonly limited: boolean;
  where(table: string): Expression<SqlBool>;
}

const SNIPPET_CHARS = 140;

/**
 * Private notes between colleagues: stored beside the messages, never sent to the customer, never in
 * the agent's context, the `message.*` webhooks or the customer's export. A `@nome` of a team member
 * tells them (their notifications, at once on their sockets).
 */
export function notes(deps: { db: Kysely<Database>; realtime: Realtime; domainEvents: DomainEvents }) {
  const { db } = deps;
  return {
    async addNote(
      conversationId: string,
      author: TimelineAuthor,
      text: string,
      options: { id?: string } = {},
    ): Promise<TimelineEntry> {
      const team = await db.selectFrom('users').select(['id', 'name']).where('disabled', '=', 0).execute();
      const mentions = findMentions(text, team).map(({ id, name }) => ({ id, name }));
      const events = new PendingEvents();
      const entry = await db.transaction().execute(async (trx) => {
        const exists = await trx
          .selectFrom('conversations')
          .select('id')
          .where('id', '=', conversationId)
          .executeTakeFirst();
        if (!exists) throw new AppError('NOT_FOUND', CONVERSATION_NOT_FOUND);
        return addTimelineEntry(trx, {
          conversationId,
          kind: 'note',
          text,
          author,
          mentions,
          id: options.id,
        });
      });
      events.conversation(conversationId, 'conversation:timeline', entry);
      const snippet = text.length > SNIPPET_CHARS ? `${text.slice(0, SNIPPET_CHARS - 1)}…` : text;
      for (const mentioned of mentions) {
        if (mentioned.id === author.id) continue;
        events
          .user(mentioned.id, 'notification:new', {
            kind: 'mention',
            title: `${author.name} mencionou você`,
            body: snippet,
            conversationId,
          })
          .user(mentioned.id, 'attention:changed', {});
      }
      events.flush(deps);
      return entry;
    },

    /** Notes of the last `withinMs` mentioning the person, in conversations they may see, newest first. */
    async mentionsOf(userId: string, withinMs: number, scope: Scope): Promise<TimelineEntry[]> {
      let query = db
        .selectFrom('conversation_timeline as t')
        .innerJoin('conversations as c', 'c.id', 't.conversation_id')
        .selectAll('t')
        .where('t.kind', '=', 'note')
        .where('t.created_at', '>', now() - withinMs)
        .where('t.mentions', 'like', `%${JSON.stringify(userId)}%`);
      if (scope.limited) query = query.where(scope.where('c'));
      const rows = await query.orderBy('t.created_at', 'desc').limit(50).execute();
      return rows.map(toTimelineEntry);
    },

    /** The notes and system lines of a conversation, oldest first. */
    timeline: (conversationId: string) => readTimeline(db, conversationId),
  };
}
