import type { FastifyInstance } from 'fastify';
import { markAssigned } from '../../people/users/users.service.js';
import { openConversationsOfUser } from './open-conversations.js';

/** How many waiting conversations one pass offers at most (the next pass takes the rest). */
const DRAIN_LIMIT = 100;

interface Candidate {
  id: string;
  name: string;
  open: number;
  lastAssignedAt: number | null;
}

/**
 * Automatic assignment: a conversation handed to a person goes at once to the inbox's available
 * member (online, with a dashboard open) holding the fewest open conversations under the inbox's
 * capacity, the longest idle first on a tie (round-robin); else it waits in "Não atribuídas", oldest
 * first, and is offered again when someone comes online or frees a place. The write is conditional
 * (only while it still waits, row locked), so across instances a conversation gets one owner.
 */
export function autoAssignment(app: FastifyInstance) {
  const { db } = app;

  /**
   * Who may take a conversation of this inbox now: online, with a dashboard open, under capacity —
   * the inbox's operators (or its members), or the people an automation names (`among`).
   */
  async function candidates(
    inboxId: string,
    among?: readonly string[],
  ): Promise<{ capacity: number; people: Candidate[] } | null> {
    const inbox = await db
      .selectFrom('inboxes')
      .select(['auto_assign', 'assign_capacity', 'operator_access', 'removed_at'])
      .where('id', '=', inboxId)
      .executeTakeFirst();
    if (!inbox || inbox.removed_at !== null || (!among && inbox.auto_assign !== 1)) return null;
    let people = db
      .selectFrom('users as u')
      .select(['u.id', 'u.name', 'u.last_assigned_at as lastAssignedAt', openConversationsOfUser.as('open')])
      .where('u.disabled', '=', 0)
      .where('u.availability', '=', 'online');
    if (among) people = people.where('u.id', 'in', among.length > 0 ? [...among] : ['']);
    else if (inbox.operator_access === 'members')
      people = people.where(
        'u.id',
        'in',
        db.selectFrom('inbox_members').select('user_id').where('inbox_id', '=', inboxId),
      );
    else people = people.where('u.role', '=', 'operator');
    const rows = await people.execute();
    const present = await Promise.all(rows.map((row) => app.realtime.isPresent(row.id)));
    return {
      capacity: inbox.assign_capacity,
      people: rows
        .filter((row, i) => present[i] && Number(row.open) < inbox.assign_capacity)
        .map((row) => ({ ...row, open: Number(row.open) })),
    };
  }

  function pick(people: Candidate[]): Candidate | undefined {
    return people.toSorted(
      (a, b) =>
        a.open - b.open || (a.lastAssignedAt ?? 0) - (b.lastAssignedAt ?? 0) || a.id.localeCompare(b.id),
    )[0];
  }

  /**
   * One offer at a time on this instance (hand-offs often come in bursts): each then sees the counts
   * the previous one left. Across instances the write itself re-checks the person's capacity.
   */
  let queue: Promise<unknown> = Promise.resolve();
  function inTurn<T>(work: () => Promise<T>): Promise<T> {
    const next = queue.then(work);
    queue = next.catch(() => undefined);
    return next;
  }
  const assignOne = (conversationId: string) => inTurn(async () => (await offer(conversationId))?.id ?? null);
  /** Round-robin among these people (an automation's action): the available one with most room. */
  const offerTo = (conversationId: string, userIds: readonly string[]) =>
    inTurn(() => offer(conversationId, userIds));

  /** Offers one waiting conversation (or, `among` given, one nobody holds) to the next in turn. */
  async function offer(conversationId: string, among?: readonly string[]): Promise<Candidate | null> {
    const conversation = await db
      .selectFrom('conversations')
      .select(['inbox_id', 'handler_mode', 'status'])
      .where('id', '=', conversationId)
      .executeTakeFirst();
    if (conversation?.status !== 'active') return null;
    if (among ? conversation.handler_mode === 'human' : conversation.handler_mode !== 'waiting_human')
      return null;
    const pool = await candidates(conversation.inbox_id, among);
    const person = pool && pick(pool.people);
    if (!person) return null;
    const updated = await app.domain.messaging.changeHandler(conversationId, {
      mode: 'human',
      user: { id: person.id, name: person.name },
      reason: 'atribuída automaticamente',
      assignedBy: 'auto',
      onlyIfWaiting: !among,
      capacity: pool.capacity,
    });
    if (updated.handler.mode !== 'human' || updated.handler.userId !== person.id) return null;
    await markAssigned(db, person.id);
    return person;
  }

  /** Offers the waiting conversations, oldest first, until nobody available is left for them. */
  async function drain(): Promise<number> {
    const waiting = await db
      .selectFrom('conversations as c')
      .innerJoin('inboxes as i', 'i.id', 'c.inbox_id')
      .select('c.id')
      .where('c.handler_mode', '=', 'waiting_human')
      .where('c.status', '=', 'active')
      .where('i.auto_assign', '=', 1)
      .orderBy('c.handler_since')
      .limit(DRAIN_LIMIT)
      .execute();
    let assigned = 0;
    for (const { id } of waiting) if (await assignOne(id)) assigned += 1;
    return assigned;
  }

  /** One pass at a time per instance; a pass asked for meanwhile runs once after it. */
  let running: Promise<number> | null = null;
  let again = false;
  function drainSoon(): void {
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((err) => {
        app.log.error({ err }, 'automatic assignment failed');
        return 0;
      })
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          drainSoon();
        }
      });
  }

  /** Resolves once no pass and no offer is running (a pass asked for meanwhile included). */
  async function idle(): Promise<void> {
    while (running) await running;
    await queue;
  }

  return { assignOne, offerTo, drain, drainSoon, idle };
}

export type AutoAssignment = ReturnType<typeof autoAssignment>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Automatic assignment (the conversations context): offers waiting conversations to people. */
    assignment: AutoAssignment;
  }
}
