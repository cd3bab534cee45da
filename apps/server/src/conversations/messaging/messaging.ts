import { type Conversation, TRANSITION_REFUSED } from '@atende/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { InboundResult } from '../../channels/channel.js';
import type { DatabaseKind } from '../../db/database.js';
import { GroupCommit, type TransactionBatcher } from '../../db/group-commit.js';
import type { Database } from '../../db/schema.js';
import type { JobRunner } from '../../jobs/job-runner.js';
import { AppError } from '../../lib/app-error.js';
import type { DomainEvents, Realtime } from '../../types.js';
import { agentReads } from './agent-reads.js';
import { type InboxMessage, inboundWriter, recoverDuplicate } from './append-inbound.js';
import { outboundWriter } from './append-outbound.js';
import { automatedMessages } from './automated-message.js';
import {
  applyHandlerChange,
  CONVERSATION_NOT_FOUND,
  type HandlerChange,
  lockConversation,
} from './change-handler.js';
import { channelReads } from './channel-reads.js';
import { linkClientIdentities } from './client-identity.js';
import { clientRecords, type PersonalDataEraser } from './client-records.js';
import { conversationAccess } from './conversation-access.js';
import { conversationQueries } from './conversation-queries.js';
import { toConversation } from './conversation-row.js';
import { conversions } from './conversion.js';
import { DeliveryStatuses } from './delivery-status.js';
import { InboundClaims } from './inbound-claims.js';
import { lifecycle } from './lifecycle.js';
import { messageChanges } from './message-changes.js';
import { notes } from './notes.js';
import { PendingEvents } from './pending-events.js';
import { reactionWriter } from './reactions.js';
import { sendOutcomes } from './send-outcome.js';
import { serviceWindowReads } from './service-window.js';
import { labelWriter } from './set-labels.js';
import { priorityWriter } from './set-priority.js';
import { TriggerSink } from './triggers.js';
import { voiceNotes } from './voice-notes.js';

/**
 * Open conversations a person holds, their user row locked until the commit on PostgreSQL: two
 * assignments to the same person (two instances, two hand-offs at once) count one after the other.
 */
async function openConversationsOf(trx: Transaction<Database>, kind: DatabaseKind, userId: string) {
  if (kind === 'postgres')
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
  const row = await trx
    .selectFrom('conversations')
    .select((eb) => eb.fn.countAll<number>().as('open'))
    .where('handler_mode', '=', 'human')
    .where('handler_user_id', '=', userId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return Number(row?.open ?? 0);
}

/** Inbound batches written at once on PostgreSQL (the pool has 10 connections by default). */
const POSTGRES_INGEST_BATCHES = 4;
/**
 * How long a customer message that arrives when nothing is being written waits for others to share
 * its commit, its statements and its burst of dashboard events (the replies, sends and statuses it
 * causes then batch alike). SQLite's single writer pays for each commit on the main thread (about
 * 25 pages appended to the log, 0.14 ms): at 250 messages/s 10 ms instead of 5 halved the commits
 * and took 13% off the CPU per message (bench:api, medians of three), for a dashboard p99 of 19 ms
 * instead of 16. Not longer: senders that wait for each answer (32 at once in bench:api's sustained
 * ingest) get at most one batch per gather, and 15 ms held them to 1,965 messages/s against 2,482.
 * On PostgreSQL each batch is about ten round trips whatever its size, which the database plans and
 * runs on the same cores: there 10 ms instead of 5 measured (see decision 012).
 */
const INGEST_GATHER_MS: Record<DatabaseKind, number> = { sqlite: 10, postgres: 10 };

export interface MessagingDeps {
  db: Kysely<Database>;
  kind: DatabaseKind;
  realtime: Realtime;
  /** Where committed changes are announced to subscribers (webhooks, …). */
  domainEvents: DomainEvents;
  jobs: JobRunner;
  /**
   * Short writes group-committed together (agent replies, operator sends, delivery statuses; shared
   * with the channel's own writes): one transaction, one commit and one WAL flush per batch.
   */
  writes: TransactionBatcher;
  /** Whether the agent answers an inbox's customers (every inbox when absent). */
  agentEnabled?: (inboxId: string) => boolean;
  /** The LGPD erasure (customers/privacy's registry), run inside messaging's transaction. */
  personalData: PersonalDataEraser;
}

/**
 * The messaging domain: the only writer of `conversations`, `messages` and `reactions`. Each write
 * commits in its own transaction (or group-committed batch) and announces its realtime events once,
 * after the commit. Created once per app, exposed as `app.domain.messaging`. A new capability is a new
 * file here whose functions are spread into the object below.
 */
export function createMessaging(deps: MessagingDeps) {
  const { db, kind, realtime, domainEvents, jobs } = deps;
  const agentEnabled = deps.agentEnabled ?? (() => true);
  const claims = new InboundClaims();
  const triggers = new TriggerSink();
  const inbound = new GroupCommit<InboxMessage, InboundResult>({
    db,
    write: inboundWriter({ kind, jobs, realtime, domainEvents, claims, agentEnabled, triggers }),
    recover: (_item, error) => recoverDuplicate(db, error),
    batching: true,
    durable: true,
    // PostgreSQL: a batch mostly waits on round trips, and other batches can be written meanwhile on
    // other connections (each locks its customers in phone order). SQLite has one writer.
    concurrency: kind === 'postgres' ? POSTGRES_INGEST_BATCHES : 1,
    gatherMs: INGEST_GATHER_MS[kind],
  });
  const statuses = new DeliveryStatuses({ kind, realtime, writes: deps.writes });

  /** Who answers a conversation: takeover, handback, hand-off to a person, pause. */
  async function changeHandler(conversationId: string, change: HandlerChange): Promise<Conversation> {
    const events = new PendingEvents();
    const row = await db.transaction().execute(async (trx) => {
      const current = await lockConversation(trx, kind, conversationId);
      if (!current) throw new AppError('NOT_FOUND', CONVERSATION_NOT_FOUND);
      // Who answers means something only while it is open (the header offers nothing else).
      if (current.status !== 'active') {
        if (
          change.mode === 'waiting_human' ||
          change.mode === 'paused' ||
          (change.mode === 'human' && change.onlyIfWaiting)
        )
          return current;
        const action = change.mode === 'ai' ? 'handback' : change.assignedBy ? 'assign' : 'takeover';
        throw new AppError('CONFLICT', TRANSITION_REFUSED[action]);
      }
      if (change.mode === 'human' && change.capacity !== undefined) {
        if ((await openConversationsOf(trx, kind, change.user.id)) >= change.capacity) return current;
      }
      const changed = await applyHandlerChange(trx, current, change, events);
      await triggers.fire(trx, events.takeTriggers());
      return changed;
    });
    events.flush(deps);
    return toConversation(row);
  }

  return {
    /**
     * A customer's message from a channel, group-committed: answered once durable (the channel then
     * acknowledges); a replay of a stored provider id answers the stored message with `duplicate`.
     */
    appendInbound: (message: InboxMessage) => inbound.submit(message),
    ...outboundWriter({ ...deps, triggers }),
    /** Where automations hear what happens, inside each write's transaction. */
    triggers,
    changeHandler,
    /** Replies to the survey after a conversation ended: the context that sends it sets the claimer. */
    claims,
    /** Messages and transcript lines our side starts on its own (the survey and its thanks). */
    ...automatedMessages(deps),
    ...reactionWriter({ db, realtime, domainEvents, jobs }),
    /** Media that arrives after its message; the author's edits and deletions. */
    ...messageChanges({ db, realtime, domainEvents, jobs }),
    /** Customers' voice notes: their transcripts, and the agent's answer to them. */
    ...voiceNotes({ db, realtime, domainEvents, jobs }),
    /** Delivery receipts and send outcomes: forward only, failed is final. */
    advanceStatus: statuses.advance.bind(statuses),
    /** What a send told us: the provider's id for the message, or why it failed for good. */
    ...sendOutcomes({ realtime, writes: deps.writes }),
    /** When the customer last wrote (WhatsApp's 24-hour service window). */
    serviceWindow: serviceWindowReads(db),
    /** Resolve, reopen, snooze, archive, abandon, delete: the conversation's life cycle. */
    ...lifecycle({
      db,
      kind,
      realtime,
      domainEvents,
      jobs,
      personalData: deps.personalData,
      agentEnabled,
      triggers,
    }),
    /** Private notes and the transcript's system lines. */
    ...notes({ db, realtime, domainEvents }),
    ...conversions({ db, realtime }),
    ...conversationQueries(db),
    ...conversationAccess(db),
    ...labelWriter({ db, kind, realtime, domainEvents }),
    ...priorityWriter({ db, kind, realtime, domainEvents }),
    ...clientRecords({ db, realtime, domainEvents, personalData: deps.personalData }),
    /** WhatsApp LID ↔ phone pairs learned outside a message: one client for both forms. */
    linkClientIdentities: (pairs: ReadonlyArray<{ lid: string; phone: string }>) =>
      linkClientIdentities({ db, realtime, domainEvents }, pairs),
    agent: agentReads(db),
    channel: channelReads(db),
    /** Customer messages arrive faster than they are answered: background work should step aside. */
    underPressure: () => inbound.underPressure(),
    /** Everything submitted so far is committed and answered (shutdown). */
    async drain(): Promise<void> {
      await inbound.drain();
      await deps.writes.drain();
    },
  };
}

export type Messaging = ReturnType<typeof createMessaging>;
