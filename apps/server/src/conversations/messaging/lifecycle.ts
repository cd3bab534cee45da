import {
  type ConversationAction,
  type ConversationStatus,
  conversationStatusSchema,
  conversationView,
  type TimelineEvent,
  TRANSITION_REFUSED,
} from '@atende/contracts';
import type { Kysely, Transaction, Updateable } from 'kysely';
import type { DatabaseKind } from '../../db/database.js';
import type { ConversationsTable, Database } from '../../db/schema.js';
import { conversationWakeJob } from '../../jobs/job-kinds.js';
import type { JobRunner } from '../../jobs/job-runner.js';
import { recordActivity } from '../../kernel/activities/activities.service.js';
import { customerLabel } from '../../kernel/activities/activity-texts.js';
import { recordAudit } from '../../kernel/audit/audit.repository.js';
import { can } from '../../kernel/permissions/actions.js';
import { settingsTimeZone } from '../../kernel/time/time-zone.js';
import { AppError } from '../../lib/app-error.js';
import { now } from '../../lib/clock.js';
import type { AuthUser, DomainEvents, Realtime } from '../../types.js';
import { applyHandlerChange, CONVERSATION_NOT_FOUND, lockConversation } from './change-handler.js';
import type { PersonalDataEraser } from './client-records.js';
import { type ConversationRow, toConversation } from './conversation-row.js';
import { PendingEvents } from './pending-events.js';
import { reopenHandler } from './reopen-handler.js';
import { addTimelineEntry } from './timeline.js';
import { type TriggerSink, triggerOf } from './triggers.js';

/** Who does it: a person (their role decides what they may), or the server itself (null). */
export type LifecycleActor = Pick<AuthUser, 'id' | 'name' | 'role'> | null;

const SERVER = { id: '', role: 'admin' as const };

/** How long a page of the abandoned sweep is: the rest waits for the next round. */
const ABANDON_BATCH = 200;

/** Back from a snooze: by a person ("Ana retomou a conversa") or at its hour (the server). */
const WAKE = {
  action: 'unsnooze',
  set: { status: 'active', snoozed_until: null },
  event: 'woke',
  line: (who: string | null) => (who ? `${who} retomou a conversa` : 'A conversa voltou do adiamento'),
} as const;

interface Transition {
  action: ConversationAction;
  set: Updateable<ConversationsTable>;
  event: TimelineEvent;
  /** The line in the transcript, given who did it ("Ana finalizou a conversa"). */
  line: (who: string | null) => string;
  /** Audited when an admin does it for someone else, or always. */
  audit?: 'always' | 'on-behalf' | undefined;
  auditAction?:
    | 'conversation.resolve'
    | 'conversation.reopen'
    | 'conversation.archive'
    | 'conversation.unarchive';
}

export function lifecycle(deps: {
  db: Kysely<Database>;
  kind: DatabaseKind;
  realtime: Realtime;
  domainEvents: DomainEvents;
  jobs: JobRunner;
  personalData: PersonalDataEraser;
  agentEnabled: (inboxId: string) => boolean;
  triggers: TriggerSink;
}) {
  const { db, kind } = deps;

  /**
   * One transition, in one transaction: the row locked, the move checked against what the header
   * offers (`conversationView`: the same rule the screen follows), the columns written, a line in
   * the transcript, an activity, the audit where it applies; events after the commit.
   */
  async function transition(
    conversationId: string,
    actor: LifecycleActor,
    build: (row: ConversationRow, trx: Transaction<Database>) => Promise<Transition> | Transition,
  ) {
    const events = new PendingEvents();
    const result = await db.transaction().execute(async (trx) => {
      const row = await lockConversation(trx, kind, conversationId);
      if (!row) throw new AppError('NOT_FOUND', CONVERSATION_NOT_FOUND);
      const step = await build(row, trx);
      const view = conversationView(toConversation(row), actor ?? SERVER);
      if (!view.actions.has(step.action)) throw new AppError('CONFLICT', TRANSITION_REFUSED[step.action]);
      const at = now();
      await trx
        .updateTable('conversations')
        .set({ ...step.set, updated_at: at })
        .where('id', '=', row.id)
        .execute();
      let updated: ConversationRow = { ...row, ...(step.set as Partial<ConversationRow>), updated_at: at };
      const who = actor?.name ?? null;
      const line = await addTimelineEntry(trx, {
        conversationId: row.id,
        kind: 'event',
        event: step.event,
        text: step.line(who),
        author: actor ? { id: actor.id, name: actor.name } : null,
        at,
      });
      events.conversation(row.id, 'conversation:timeline', line);
      const onBehalf =
        actor !== null && can(actor, 'conversations:see-all') && row.handler_user_id !== actor.id;
      if (step.auditAction && (step.audit === 'always' || (step.audit === 'on-behalf' && onBehalf))) {
        await recordAudit(trx, {
          action: step.auditAction,
          actor: actor ? { id: actor.id, name: actor.name } : null,
          targetType: 'conversation',
          targetId: row.id,
          detail: { from: row.status, holder: row.handler_user_name },
        });
      }
      if (updated.status !== row.status) {
        const customer = customerLabel({ name: row.client_name, phone: row.client_phone, id: row.client_id });
        const activity = await recordActivity(trx, {
          type: 'conversation',
          title: `Conversa ${statusTitle(updated.status)}`,
          description: `${step.line(who)} — ${customer}`,
          conversationId: row.id,
          timestamp: at,
        });
        events
          .both(row.id, 'conversations:statusUpdate', { conversationId: row.id, status: updated.status })
          .dashboard('analytics:update', activity)
          .domain({
            type: 'conversation.status_changed',
            data: {
              conversationId: row.id,
              clientId: row.client_id,
              status: updated.status as ConversationStatus,
              previousStatus: conversationStatusSchema.safeParse(row.status).data ?? null,
            },
          });
      }
      // Reopening hands it to whoever answers now (the AI or the last person), in the same transaction.
      if (step.action === 'reopen') {
        const change = await reopenHandler(trx, updated, deps.agentEnabled(updated.inbox_id));
        if (change) updated = await applyHandlerChange(trx, updated, change, events);
      }
      if (step.action === 'resolve' && updated.status === 'completed')
        events.trigger(triggerOf('resolved', `resolved:${row.id}:${at}`, updated, at));
      await deps.triggers.fire(trx, events.takeTriggers());
      events.dashboard('conversation:updated', toConversation(updated));
      return updated;
    });
    events.flush(deps);
    return toConversation(result);
  }

  /**
   * Open conversations waiting on the customer: the last word was ours, said by whoever holds it now
   * (after they took it). One waiting for a person, or held by someone who has not written yet, waits
   * on us, even when the AI's "I'll call someone" was the last message.
   */
  const silentOnes = () =>
    db
      .selectFrom('conversations')
      .where('status', '=', 'active')
      .where('awaiting_since', 'is', null)
      .where('handler_mode', '!=', 'waiting_human')
      .whereRef('last_message_time', '>', 'handler_since');

  return {
    /** Resolved by a person, the API, an automation or the agent (actor null). */
    resolve: (conversationId: string, actor: LifecycleActor) =>
      transition(conversationId, actor, (row) => ({
        action: 'resolve',
        set: {
          status: 'completed',
          snoozed_until: null,
          last_person_id: row.handler_mode === 'human' ? row.handler_user_id : row.last_person_id,
        },
        event: 'resolved',
        line: (who) => (who ? `${who} finalizou a conversa` : 'Conversa finalizada'),
        audit: 'on-behalf',
        auditAction: 'conversation.resolve',
      })),

    reopen: (conversationId: string, actor: LifecycleActor) =>
      transition(conversationId, actor, () => ({
        action: 'reopen',
        set: { status: 'active', snoozed_until: null },
        event: 'reopened',
        line: (who) => (who ? `${who} reabriu a conversa` : 'Conversa reaberta'),
        audit: 'on-behalf',
        auditAction: 'conversation.reopen',
      })),

    /** Until an instant (a durable job wakes it), or until the customer writes again (null). */
    snooze: async (conversationId: string, actor: LifecycleActor, until: number | null) => {
      const zone = await settingsTimeZone(db);
      const conversation = await transition(conversationId, actor, async (_row, trx) => {
        if (until !== null) {
          await deps.jobs.enqueue(trx, conversationWakeJob, { conversationId, until }, { runAt: until });
        }
        return {
          action: 'snooze',
          set: { status: 'paused', snoozed_until: until },
          event: 'snoozed',
          line: (who) =>
            `${who ?? 'Sistema'} adiou a conversa ${until === null ? 'até o cliente responder' : `até ${formatInstant(until, zone)}`}`,
        };
      });
      return conversation;
    },

    unsnooze: (conversationId: string, actor: LifecycleActor) =>
      transition(conversationId, actor, () => WAKE),

    /** The snooze's time came: active again, unless it was woken or snoozed anew meanwhile. */
    async wake(conversationId: string, until: number): Promise<boolean> {
      const row = await db
        .selectFrom('conversations')
        .select(['status', 'snoozed_until'])
        .where('id', '=', conversationId)
        .executeTakeFirst();
      if (row?.status !== 'paused' || row.snoozed_until !== until) return false;
      await transition(conversationId, null, () => WAKE).catch((error: unknown) => {
        if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
      });
      return true;
    },

    archive: (conversationId: string, actor: LifecycleActor) =>
      transition(conversationId, actor, () => ({
        action: 'archive',
        set: { archived_at: now() },
        event: 'archived',
        line: (who) => `${who ?? 'Sistema'} arquivou a conversa`,
        audit: 'always',
        auditAction: 'conversation.archive',
      })),

    unarchive: (conversationId: string, actor: LifecycleActor) =>
      transition(conversationId, actor, () => ({
        action: 'unarchive',
        set: { archived_at: null },
        event: 'unarchived',
        line: (who) => `${who ?? 'Sistema'} desarquivou a conversa`,
        audit: 'always',
        auditAction: 'conversation.unarchive',
      })),

    /**
     * The customer went quiet: active conversations whose last word was ours, older than `minutes`,
     * become abandoned (a page at a time). Answers how many.
     */
    async abandonSilent(minutes: number, at = now()): Promise<number> {
      const rows = await silentOnes()
        .select('id')
        .where('last_message_time', '<=', at - minutes * 60_000)
        .orderBy('last_message_time')
        .limit(ABANDON_BATCH)
        .execute();
      let abandoned = 0;
      for (const { id } of rows) {
        const done = await transition(id, null, (row) => ({
          action: 'resolve',
          set: {
            status: 'abandoned',
            last_person_id: row.handler_mode === 'human' ? row.handler_user_id : row.last_person_id,
          },
          event: 'abandoned',
          line: () => `O cliente não respondeu por ${silenceLabel(minutes)}: conversa abandonada`,
        })).catch((error: unknown) => {
          if (error instanceof AppError && error.code === 'CONFLICT') return null;
          throw error;
        });
        if (done) abandoned += 1;
      }
      return abandoned;
    },

    /**
     * When the next silent conversation reaches `minutes` without an answer from the customer: the
     * last word of the longest-silent active one, plus that; null while none is waiting on the customer.
     */
    async nextAbandonAt(minutes: number): Promise<number | null> {
      const row = await silentOnes()
        .select((eb) => eb.fn.min('last_message_time').as('oldest'))
        .executeTakeFirst();
      const oldest = row?.oldest;
      return oldest === null || oldest === undefined ? null : Number(oldest) + minutes * 60_000;
    },

    /**
     * Deletes the conversation and everything of it (messages, reactions, notes, media rows) for good,
     * audited with who did it; answers the media files the caller removes after the commit.
     */
    async remove(
      conversationId: string,
      actor: { id: string; name: string },
    ): Promise<{ mediaIds: string[] }> {
      const events = new PendingEvents();
      const outcome = await db.transaction().execute(async (trx) => {
        const row = await lockConversation(trx, kind, conversationId);
        if (!row) throw new AppError('NOT_FOUND', CONVERSATION_NOT_FOUND);
        const removed = await deps.personalData.deleteConversationWithin(trx, conversationId);
        await recordAudit(trx, {
          action: 'conversation.delete',
          actor,
          targetType: 'conversation',
          targetId: conversationId,
          detail: { messages: row.message_count, client: row.client_id },
        });
        events.both(conversationId, 'conversations:statusUpdate', { conversationId, status: 'deleted' });
        return removed;
      });
      events.flush(deps);
      return outcome;
    },
  };
}

function statusTitle(status: string): string {
  switch (status) {
    case 'completed':
      return 'finalizada';
    case 'active':
      return 'reaberta';
    case 'paused':
      return 'adiada';
    case 'abandoned':
      return 'abandonada';
    default:
      return 'atualizada';
  }
}

/** "45 min", "2 h", "1 h 30 min": how long the customer was silent, as the transcript says it. */
function silenceLabel(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

function formatInstant(at: number, timeZone: string): string {
  return new Date(at).toLocaleString('pt-BR', {
    day: '2-digit',
    month: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  });
}

export type Lifecycle = ReturnType<typeof lifecycle>;
