import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

type HandlerMode = Database['conversations']['handler_mode'];

export interface ResolutionFacts {
  conversationId: string;
  inboxId: string;
  clientId: string;
  resolvedAt: number;
  cycleStartedAt: number;
  resolvedBy: 'person' | 'agent' | 'system';
  personId: string | null;
  personInvolved: boolean;
  /** This resolution is still the conversation's last word (not reopened since). */
  current: boolean;
}

interface Change {
  at: number;
  from_mode: string;
  to_mode: string;
  user_id: string | null;
}

/**
 * Who answered the conversation when it was resolved: the mode of the last change before, else the
 * mode the first change after left, else the one it has now (it never changed).
 */
export function modeAt(changes: readonly Change[], at: number, current: HandlerMode): string {
  const before = changes.filter((c) => c.at <= at).at(-1);
  if (before) return before.to_mode;
  return changes.find((c) => c.at > at)?.from_mode ?? current;
}

/**
 * One resolution as the figures need it (docs/metrics.md §Service figures), read from what messaging
 * wrote in the resolution's own transaction: the transcript's `resolved` line (when, by whom), the
 * round it closes (since the start or the last reopening) and `handler_changes` (who held it). A
 * person took part when one resolved it, held it, was handed it, or paused the AI in that round, or
 * when a person held it as it was resolved. The person credited: who resolved it, else who held it,
 * else the last who held it in the round.
 */
export async function resolutionFacts(
  db: Kysely<Database>,
  conversationId: string,
  resolvedAtHint: number,
): Promise<ResolutionFacts | null> {
  const conversation = await db
    .selectFrom('conversations')
    .select(['id', 'inbox_id', 'client_id', 'started_at', 'status', 'handler_mode'])
    .where('id', '=', conversationId)
    .executeTakeFirst();
  if (!conversation) return null;
  const lines = await db
    .selectFrom('conversation_timeline')
    .select(['event', 'author_id', 'created_at'])
    .where('conversation_id', '=', conversationId)
    .where('event', 'in', ['resolved', 'reopened'])
    .orderBy('created_at')
    .execute();
  // The hint is taken just after the commit: the resolution's line is the last one up to it.
  const resolved = lines
    .filter((l) => l.event === 'resolved' && Number(l.created_at) <= resolvedAtHint)
    .at(-1);
  const resolvedAt = resolved ? Number(resolved.created_at) : resolvedAtHint;
  const reopened = lines.filter((l) => l.event === 'reopened' && Number(l.created_at) < resolvedAt).at(-1);
  const cycleStartedAt = Math.max(
    Number(conversation.started_at),
    reopened ? Number(reopened.created_at) : 0,
  );
  const later = lines.some((l) => Number(l.created_at) > resolvedAt);

  const changes = (
    await db
      .selectFrom('handler_changes')
      .select(['at', 'from_mode', 'to_mode', 'user_id'])
      .where('conversation_id', '=', conversationId)
      .orderBy('at')
      .execute()
  ).map((c) => ({ ...c, at: Number(c.at) }));
  const mode = modeAt(changes, resolvedAt, conversation.handler_mode);
  const round = changes.filter((c) => c.at >= cycleStartedAt && c.at <= resolvedAt);
  const author = resolved?.author_id ?? null;
  const holder =
    mode === 'human'
      ? (changes.filter((c) => c.at <= resolvedAt && c.to_mode === 'human').at(-1)?.user_id ?? null)
      : null;
  const lastInRound = round.filter((c) => c.to_mode === 'human').at(-1)?.user_id ?? null;
  return {
    conversationId,
    inboxId: conversation.inbox_id,
    clientId: conversation.client_id,
    resolvedAt,
    cycleStartedAt,
    resolvedBy: author ? 'person' : mode === 'ai' ? 'agent' : 'system',
    personId: author ?? holder ?? lastInRound,
    personInvolved: author !== null || mode !== 'ai' || round.some((c) => c.to_mode !== 'ai'),
    current: conversation.status === 'completed' && !later,
  };
}
