import { conversationStatusSchema } from '@atende/contracts';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { InboundMessage, InboundResult } from '../../channels/channel.js';
import type { DatabaseKind } from '../../db/database.js';
import type { Written } from '../../db/group-commit.js';
import type { Database } from '../../db/schema.js';
import { agentReplyJob, channelMediaJob, type QueuedJob } from '../../jobs/job-kinds.js';
import type { JobRunner } from '../../jobs/job-runner.js';
import { type NewActivity, recordActivities } from '../../kernel/activities/activities.service.js';
import { activityTexts, customerLabel } from '../../kernel/activities/activity-texts.js';
import { now } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { normalizePhone } from '../../lib/phone.js';
import type { DomainEvents, Realtime } from '../../types.js';
import { applyHandlerChange, type HandlerChange } from './change-handler.js';
import { resolveClientIdentities } from './client-identity.js';
import type { ConversationRow } from './conversation-row.js';
import type { InboundClaim, InboundClaims } from './inbound-claims.js';
import type { MessageRow } from './message-row.js';
import { PendingEvents } from './pending-events.js';
import { resolveQuoted } from './quoted-message.js';
import { reopenHandler } from './reopen-handler.js';
import { clientSearchName, conversationSearchText } from './search-text.js';
import { addTimelineEntry } from './timeline.js';
import { type TriggerSink, triggerOf } from './triggers.js';

/** A customer's message as it reached one of our numbers (an inbox). */
export type InboxMessage = InboundMessage & { inboxId: string };

/** Why an inbox's new conversations wait for a person: its admin switched the agent off there. */
const AGENT_OFF = 'Agente desligado nesta caixa de entrada';

/** Author shown on a message typed on the business phone (linked device). */
const PHONE_AUTHOR = 'Celular';
const PHONE_ANSWERED = 'Respondido pelo celular';

/** Another process stored the same provider message between our check and our insert. */
export class DuplicateDelivery extends Error {
  constructor(readonly providerMessageId: string) {
    super('duplicate delivery');
  }
}

/** The stored messages among these provider ids, as duplicate answers (one query for a batch). */
export async function findDelivered(
  db: Kysely<Database> | Transaction<Database>,
  providerMessageIds: readonly string[],
): Promise<Map<string, InboundResult>> {
  const found = new Map<string, InboundResult>();
  if (providerMessageIds.length === 0) return found;
  const rows = await db
    .selectFrom('messages as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .select([
      'm.provider_message_id as providerMessageId',
      'm.id as messageId',
      'm.conversation_id as conversationId',
      'c.client_id as clientId',
    ])
    .where('m.provider_message_id', 'in', [...new Set(providerMessageIds)])
    .execute();
  for (const { providerMessageId, ...row } of rows) {
    if (providerMessageId) found.set(providerMessageId, { ...row, duplicate: true });
  }
  return found;
}

type Client = { id: string; name: string | null; phone: string | null };

/** One upsert for every customer of the batch (in phone order, so concurrent batches lock alike). */
async function upsertClients(
  trx: Transaction<Database>,
  batch: readonly InboundMessage[],
  at: number,
): Promise<Map<string, Client>> {
  const byPhone = new Map<string, { name: string | null; count: number }>();
  for (const inbound of batch) {
    const phone = normalizePhone(inbound.phone);
    const entry = byPhone.get(phone) ?? { name: null, count: 0 };
    entry.count++;
    entry.name = inbound.name ?? entry.name;
    byPhone.set(phone, entry);
  }
  const rows = await trx
    .insertInto('clients')
    .values(
      [...byPhone]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([phone, entry]) => ({
          id: newId(),
          phone,
          name: entry.name,
          search_name: clientSearchName(entry.name),
          total_messages: entry.count,
          last_contact: at,
          created_at: at,
        })),
    )
    .onConflict((oc) =>
      oc.column('phone').doUpdateSet({
        name: sql<string | null>`coalesce(excluded.name, clients.name)`,
        search_name: sql<string | null>`coalesce(excluded.search_name, clients.search_name)`,
        total_messages: sql<number>`clients.total_messages + excluded.total_messages`,
        last_contact: sql<number>`excluded.last_contact`,
      }),
    )
    .returning(['id', 'name', 'phone'])
    .execute();
  return new Map(rows.map((row) => [row.phone ?? '', row]));
}

/** The key of a customer's conversation with one number. */
const thread = (clientId: string, inboxId: string) => `${clientId}|${inboxId}`;

/**
 * Each client's latest conversation with each inbox of the batch (locked on PostgreSQL until the
 * commit), by `thread(client, inbox)`: one customer writing to two numbers has two conversations.
 */
async function latestConversations(
  trx: Transaction<Database>,
  kind: DatabaseKind,
  clientIds: readonly string[],
  inboxIds: readonly string[],
): Promise<Map<string, Omit<ConversationRow, 'client_name' | 'client_phone'>>> {
  let query = trx
    .selectFrom('conversations as c')
    .selectAll('c')
    .where('c.client_id', 'in', clientIds)
    .where('c.inbox_id', 'in', inboxIds)
    .where((eb) =>
      eb(
        'c.started_at',
        '=',
        eb
          .selectFrom('conversations as l')
          .select((l) => l.fn.max('l.started_at').as('started_at'))
          .whereRef('l.client_id', '=', 'c.client_id')
          .whereRef('l.inbox_id', '=', 'c.inbox_id'),
      ),
    );
  // Locked in id order, like every writer that locks several conversations (see lockConversationsInOrder).
  if (kind === 'postgres') query = query.orderBy('c.id').forUpdate('c');
  const latest = new Map<string, Omit<ConversationRow, 'client_name' | 'client_phone'>>();
  for (const row of await query.execute()) {
    const key = thread(row.client_id, row.inbox_id);
    if (!latest.has(key)) latest.set(key, row);
  }
  return latest;
}

/** The counters and last message of every conversation the batch touched, in one statement. */
async function updateConversations(trx: Transaction<Database>, rows: readonly ConversationRow[]) {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map(
      (c) =>
        sql`(${c.id}, ${c.status}, cast(${c.message_count} as integer), ${c.last_message}, cast(${c.last_message_time} as bigint), cast(${c.awaiting_since} as bigint), cast(${c.response_time_total_ms} as bigint), cast(${c.response_count} as integer), cast(${c.first_response_ms} as bigint), cast(${c.first_response_ai} as integer), cast(${c.updated_at} as bigint), ${c.search_text})`,
    ),
  );
  await sql`with v(id, status, message_count, last_message, last_message_time, awaiting_since, response_time_total_ms,
      response_count, first_response_ms, first_response_ai, updated_at, search_text) as (values ${values})
    update conversations set status = v.status, message_count = v.message_count, last_message = v.last_message,
      last_message_time = v.last_message_time, awaiting_since = v.awaiting_since,
      response_time_total_ms = v.response_time_total_ms, response_count = v.response_count,
      first_response_ms = v.first_response_ms, first_response_ai = v.first_response_ai, updated_at = v.updated_at,
      search_text = v.search_text
    from v where conversations.id = v.id`.execute(trx);
}

interface Stored {
  result: InboundResult;
  events: PendingEvents;
  /** An agent reply job was recorded (wake the runner once durable). */
  enqueued: boolean;
}

/**
 * Inbound messages not stored yet (the caller checked), inside the caller's transaction, with a fixed
 * number of statements per batch whatever its size (a round trip costs more than the work on
 * PostgreSQL): clients upserted by phone, each one's conversation reused (set active) or created
 * (AI-handled), the messages stored with their quoted messages resolved, counters and search text
 * updated, an activity per new conversation, and the `agent_reply` jobs where the AI answers. Throws
 * DuplicateDelivery when a provider id was stored meanwhile (another process).
 */
async function storeInbound(
  trx: Transaction<Database>,
  deps: InboundDeps,
  batch: readonly InboxMessage[],
): Promise<Stored[]> {
  const at = now();
  // LID-addressed messages take the phone their client is stored under (one customer, one client).
  const identified = await resolveClientIdentities(trx, batch);
  const clients = await upsertClients(trx, identified, at);
  const stored = await latestConversations(
    trx,
    deps.kind,
    [...clients.values()].map((client) => client.id),
    [...new Set(identified.map((inbound) => inbound.inboxId))],
  );
  const current = new Map<string, ConversationRow>();
  const newConversations: ConversationRow[] = [];
  const messages: MessageRow[] = [];
  /** New conversations' activities, announced by the message that opened them. */
  const activities: Array<{ activity: NewActivity; events: PendingEvents }> = [];
  const agentJobs: QueuedJob[] = [];
  /** Media announced by a message, downloaded after the commit through the inbox's channel. */
  const mediaJobs: QueuedJob[] = [];
  /**
   * Who answers changes after the rows are written: a person answered from the business phone (the
   * AI pauses), the AI is off on the inbox, or the customer came back to a conversation that ended.
   */
  const handlerChanges: Array<{ row: ConversationRow; events: PendingEvents; change: HandlerChange }> = [];
  /** Conversations that come back (ended, snoozed or archived): a line each, and their marks cleared. */
  const returning: Array<{ id: string; line: string; event: 'reopened' | 'woke'; events: PendingEvents }> =
    [];
  const out: Array<Stored & { dedupeKey: string | null }> = [];
  /** Threads whose every message so far in the batch was claimed: their next one is still the first. */
  const claimedSoFar = new Set<string>();
  const claimLines: Array<{ id: string; line: NonNullable<InboundClaim['line']>; events: PendingEvents }> =
    [];

  for (const inbound of identified) {
    const client = clients.get(normalizePhone(inbound.phone));
    if (!client) throw new Error('client upsert returned no row');
    const events = new PendingEvents();
    const key = thread(client.id, inbound.inboxId);
    const agentOn = deps.agentEnabled(inbound.inboxId);
    let conversation = current.get(key);
    const firstInBatch = conversation === undefined;
    const latest = stored.get(key);
    if (!conversation && latest)
      conversation = { ...latest, client_name: client.name, client_phone: client.phone };
    const isNew = !conversation;
    if (!conversation) {
      conversation = newConversationRow(client, at, inbound.inboxId, agentOn);
      newConversations.push(conversation);
      activities.push({
        activity: {
          type: 'conversation',
          ...activityTexts.newConversation(customerLabel(client)),
          conversationId: conversation.id,
          timestamp: at,
        },
        events,
      });
    }

    const timestamp = inbound.timestamp ?? Math.max(at, (conversation.last_message_time ?? 0) + 1);
    const replyTo = inbound.quotedId
      ? (quotedInBatch(messages, conversation.id, inbound.quotedId) ??
        (await resolveQuoted(trx, conversation.id, inbound.quotedId)))
      : null;
    const fromPhone = inbound.sender === 'phone';
    // A person's answer typed on the phone is a reply of ours: it has a response time like any other.
    const responseMs =
      fromPhone && conversation.awaiting_since != null
        ? Math.max(0, timestamp - conversation.awaiting_since)
        : null;
    const firstReply = fromPhone && conversation.first_response_ms === null;
    const pendingMedia = inbound.media && !inbound.mediaUrl ? inbound.media : null;
    const message: MessageRow = {
      id: newId(),
      conversation_id: conversation.id,
      provider_message_id: inbound.providerMessageId,
      // Typed on the business phone itself (linked device): an operator's answer, not the customer's.
      sender: fromPhone ? 'admin' : 'client',
      content: inbound.text,
      type: inbound.type,
      timestamp,
      ai_generated: 0,
      confidence_score: null,
      media_url: inbound.mediaUrl ?? null,
      media_mime_type: inbound.mediaMimeType ?? null,
      reply_to_id: replyTo?.id ?? null,
      reply_to_content: replyTo?.content ?? null,
      reply_to_sender: replyTo?.sender ?? null,
      status: 'delivered',
      author_user_id: null,
      author_name: fromPhone ? PHONE_AUTHOR : null,
      evidence: '[]',
      created_at: at,
      status_error_code: null,
      status_error: null,
      response_ms: responseMs,
      clarification: null,
      interactive_reply_id: inbound.interactiveReplyId ?? null,
      media_status: pendingMedia ? 'pending' : null,
      media_descriptor: pendingMedia ? JSON.stringify(pendingMedia) : null,
      edited_at: null,
      deleted_at: null,
      original_content: null,
      transcript: null,
      transcript_status: null,
      media_file_name: inbound.mediaUrl ? (inbound.fileName ?? null) : null,
      media_size: inbound.mediaUrl ? (inbound.mediaSize ?? null) : null,
    };
    messages.push(message);
    if (pendingMedia) {
      const queue = channelMediaJob.of(inbound.inboxId);
      mediaJobs.push(queue.job({ messageId: message.id }, `${queue.name}:${message.id}`));
    }

    // A reply to what we asked after the end (the survey) is stored, and the conversation stays resolved.
    const claim =
      !isNew && !fromPhone && !inbound.history && conversation.status === 'completed'
        ? await deps.claims.claim(trx, {
            conversationId: conversation.id,
            clientId: client.id,
            inboxId: inbound.inboxId,
            messageId: message.id,
            text: message.content,
            type: message.type,
            interactiveReplyId: message.interactive_reply_id,
            at: timestamp,
          })
        : null;
    const untouched = firstInBatch || claimedSoFar.has(key);
    if (claim) claimedSoFar.add(key);
    else claimedSoFar.delete(key);

    const lastMessageTime = Math.max(timestamp, conversation.last_message_time ?? 0);
    const lastMessage = lastMessageTime === timestamp ? message.content : conversation.last_message;
    const updated: ConversationRow = {
      ...conversation,
      status: claim ? conversation.status : 'active',
      message_count: conversation.message_count + 1,
      last_message: lastMessage,
      last_message_time: lastMessageTime,
      // A claimed reply waits for nothing from us: the customer's wait (if any) is as it was.
      awaiting_since: fromPhone
        ? null
        : claim
          ? conversation.awaiting_since
          : (conversation.awaiting_since ?? timestamp),
      response_time_total_ms: conversation.response_time_total_ms + (responseMs ?? 0),
      response_count: conversation.response_count + (responseMs === null ? 0 : 1),
      first_response_ms: firstReply ? timestamp - conversation.started_at : conversation.first_response_ms,
      first_response_ai: firstReply ? 0 : conversation.first_response_ai,
      updated_at: at,
      search_text: conversationSearchText({
        clientId: client.id,
        clientName: client.name,
        clientPhone: client.phone,
        lastMessage,
      }),
    };
    current.set(key, updated);

    // The customer writes to a conversation that ended or was snoozed: it comes back (ended ones to
    // the AI or the last person, per conversation-rules; snoozed ones to whoever held them).
    let reopened: HandlerChange | null = null;
    if (!claim && !isNew && !fromPhone && !inbound.history && untouched) {
      if (conversation.status === 'completed' || conversation.status === 'abandoned') {
        reopened = await reopenHandler(trx, conversation, agentOn);
        returning.push({
          id: conversation.id,
          line: 'O cliente escreveu: conversa reaberta',
          event: 'reopened',
          events,
        });
      } else if (conversation.status === 'paused') {
        returning.push({
          id: conversation.id,
          line: 'O cliente respondeu: a conversa voltou do adiamento',
          event: 'woke',
          events,
        });
      } else if (conversation.archived_at !== null) {
        returning.push({
          id: conversation.id,
          line: 'O cliente escreveu: conversa desarquivada',
          event: 'reopened',
          events,
        });
      }
    }
    const answering = reopened?.mode ?? conversation.handler_mode;

    let dedupeKey: string | null = null;
    // Old messages (history) and a person's answer from the phone never wake the agent.
    if (!claim && answering === 'ai' && agentOn && !fromPhone && !inbound.history) {
      dedupeKey = `${agentReplyJob.name}:${message.id}`;
      agentJobs.push(
        agentReplyJob.job({ messageId: message.id, conversationId: conversation.id }, dedupeKey),
      );
    }
    events.newMessage(updated, message, { historical: inbound.history === true });
    if (!fromPhone && !inbound.history) {
      if (isNew && deps.triggers.wants('conversation_created'))
        events.trigger(triggerOf('conversation_created', `created:${conversation.id}`, updated, at));
      // An answer to the survey is a rating, not a message the rules should answer.
      if (claim?.rated && deps.triggers.wants('csat_received'))
        events.trigger(triggerOf('csat_received', claim.rated, updated, at, { text: message.content }));
      else if (!claim && deps.triggers.wants('message_received'))
        events.trigger(triggerOf('message_received', message.id, updated, at, { text: message.content }));
    }
    // A person answered on the phone: the agent steps back on this conversation.
    if (reopened) {
      handlerChanges.push({ row: updated, events, change: reopened });
      current.set(key, {
        ...updated,
        handler_mode: reopened.mode,
        is_ai_handled: reopened.mode === 'ai' ? 1 : 0,
      });
    } else if (fromPhone && updated.handler_mode === 'ai') {
      handlerChanges.push({
        row: updated,
        events,
        change: { mode: 'paused', user: null, reason: PHONE_ANSWERED },
      });
      current.set(key, { ...updated, handler_mode: 'paused', is_ai_handled: 0 });
    } else if (!claim && !agentOn && updated.handler_mode === 'ai' && !isNew) {
      // The agent was switched off on this inbox since the conversation began: a person answers now.
      handlerChanges.push({ row: updated, events, change: { mode: 'waiting_human', reason: AGENT_OFF } });
      current.set(key, { ...updated, handler_mode: 'waiting_human', is_ai_handled: 0 });
    }
    if (!claim && !isNew && conversation.status !== 'active') {
      events
        .both(conversation.id, 'conversations:statusUpdate', {
          conversationId: conversation.id,
          status: 'active',
        })
        .domain({
          type: 'conversation.status_changed',
          data: {
            conversationId: conversation.id,
            clientId: client.id,
            status: 'active',
            previousStatus: conversationStatusSchema.safeParse(conversation.status).data ?? null,
          },
        });
    }
    if (claim?.line) claimLines.push({ id: conversation.id, line: claim.line, events });
    for (const event of claim?.events ?? []) events.domain(event);
    out.push({
      result: {
        messageId: message.id,
        conversationId: conversation.id,
        clientId: client.id,
        duplicate: false,
      },
      events,
      enqueued: false,
      dedupeKey,
    });
  }

  if (newConversations.length > 0) {
    await trx
      .insertInto('conversations')
      .values(newConversations.map(({ client_name: _name, client_phone: _phone, ...columns }) => columns))
      .execute();
  }
  const inserted = await trx
    .insertInto('messages')
    .values(messages)
    .onConflict((oc) => oc.column('provider_message_id').doNothing())
    .returning('provider_message_id')
    .execute();
  if (inserted.length < messages.length) {
    const stored = new Set(inserted.map((row) => row.provider_message_id));
    const missing = messages.find((m) => !stored.has(m.provider_message_id));
    throw new DuplicateDelivery(missing?.provider_message_id ?? '');
  }
  await updateConversations(trx, [...current.values()]);
  for (const { id, line, events } of claimLines) {
    const entry = await addTimelineEntry(trx, {
      conversationId: id,
      kind: 'event',
      event: line.event,
      text: line.text,
      author: null,
      at,
    });
    events.conversation(id, 'conversation:timeline', entry);
  }
  if (returning.length > 0) {
    await trx
      .updateTable('conversations')
      .set({ snoozed_until: null, archived_at: null })
      .where(
        'id',
        'in',
        returning.map((r) => r.id),
      )
      .execute();
    for (const { id, line, event, events } of returning) {
      const entry = await addTimelineEntry(trx, {
        conversationId: id,
        kind: 'event',
        event,
        text: line,
        author: null,
        at,
      });
      events.conversation(id, 'conversation:timeline', entry);
    }
  }
  for (const { row, events, change } of handlerChanges) await applyHandlerChange(trx, row, change, events);
  await deps.triggers.fire(
    trx,
    out.flatMap(({ events }) => events.takeTriggers()),
  );
  const recordedActivities = await recordActivities(
    trx,
    activities.map((entry) => entry.activity),
  );
  for (const [i, activity] of recordedActivities.entries()) {
    activities[i]?.events.dashboard('analytics:update', activity);
  }
  const recorded = await deps.jobs.enqueueMany(trx, [...agentJobs, ...mediaJobs]);
  return out.map(({ dedupeKey, ...item }) => ({
    ...item,
    enqueued: (dedupeKey !== null && recorded.has(dedupeKey)) || mediaJobs.length > 0,
  }));
}

function newConversationRow(client: Client, at: number, inboxId: string, agentOn: boolean): ConversationRow {
  return {
    id: newId(),
    client_id: client.id,
    inbox_id: inboxId,
    status: 'active',
    started_at: at,
    last_message: null,
    last_message_time: null,
    message_count: 0,
    response_time_total_ms: 0,
    response_count: 0,
    awaiting_since: null,
    first_response_ms: null,
    first_response_ai: null,
    sentiment_score: null,
    is_ai_handled: agentOn ? 1 : 0,
    tags: '[]',
    handler_mode: agentOn ? 'ai' : 'waiting_human',
    handler_user_id: null,
    handler_user_name: null,
    handler_since: at,
    handler_reason: agentOn ? null : AGENT_OFF,
    converted_at: null,
    updated_at: at,
    search_text: null,
    archived_at: null,
    snoozed_until: null,
    last_person_id: null,
    priority: null,
    client_name: client.name,
    client_phone: client.phone,
  };
}

/** A quoted message stored earlier in the same batch (not in the table yet), by our id or the provider's. */
function quotedInBatch(messages: readonly MessageRow[], conversationId: string, quotedId: string) {
  const found = messages.find(
    (m) => m.conversation_id === conversationId && (m.id === quotedId || m.provider_message_id === quotedId),
  );
  return found ? { id: found.id, content: found.content, sender: found.sender } : null;
}

/**
 * Writes a batch of inbound messages in the caller's transaction: replays (stored before, or earlier
 * in the same batch) are recognised with one query and answered as duplicates; the rest are stored
 * together. Each message's events go out right after the commit; the agent is woken once durable.
 */
interface InboundDeps {
  kind: DatabaseKind;
  jobs: JobRunner;
  /** What automations may react to, handed over inside the batch's transaction. */
  triggers: TriggerSink;
  /** Replies to what we asked after a conversation ended (the survey): they do not reopen it. */
  claims: InboundClaims;
  /** Whether the agent answers this inbox's customers (its admin may switch it off). */
  agentEnabled: (inboxId: string) => boolean;
}

export function inboundWriter(deps: InboundDeps & { realtime: Realtime; domainEvents: DomainEvents }) {
  return async (
    trx: Transaction<Database>,
    batch: readonly InboxMessage[],
  ): Promise<Written<InboundResult>[]> => {
    const seen = await findDelivered(
      trx,
      batch.map((inbound) => inbound.providerMessageId),
    );
    const fresh: InboxMessage[] = [];
    const firstOf = new Map<string, number>();
    for (const inbound of batch) {
      if (seen.has(inbound.providerMessageId) || firstOf.has(inbound.providerMessageId)) continue;
      firstOf.set(inbound.providerMessageId, fresh.length);
      fresh.push(inbound);
    }
    const stored = fresh.length > 0 ? await storeInbound(trx, deps, fresh) : [];
    const answered = new Set<string>();
    return batch.map((inbound): Written<InboundResult> => {
      const earlier = seen.get(inbound.providerMessageId);
      if (earlier) return { result: earlier };
      const item = stored[firstOf.get(inbound.providerMessageId) ?? -1];
      if (!item) throw new Error('inbound batch: result missing');
      if (answered.has(inbound.providerMessageId)) return { result: { ...item.result, duplicate: true } };
      answered.add(inbound.providerMessageId);
      return {
        result: item.result,
        onCommit: () => item.events.flush(deps),
        onDurable: item.enqueued ? () => deps.jobs.wake() : undefined,
      };
    });
  };
}
/** A message that failed alone because another process stored it meanwhile: a replay like any other. */
export async function recoverDuplicate(
  db: Kysely<Database>,
  error: unknown,
): Promise<InboundResult | undefined> {
  if (!(error instanceof DuplicateDelivery)) return undefined;
  return (await findDelivered(db, [error.providerMessageId])).get(error.providerMessageId);
}
