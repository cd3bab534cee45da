import type { Message, ReplyTo } from '@atende/contracts';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { InboundMessage, InboundResult } from '../../channels/channel.js';
import { preparedQuery } from '../../db/prepared-query.js';
import type { Database } from '../../db/schema.js';
import type { JobRunner } from '../../jobs/job-runner.js';
import { now } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { recordActivity } from '../activities/activities.service.js';
import { type ConversationRow, toConversation } from '../conversations/conversation-row.js';
import { conversationSearchText } from '../conversations/search-text.js';
import { type MessageRow, toMessage } from '../messages/message-row.js';
import type { PendingEvents } from '../messages/pending-events.js';

export const AGENT_REPLY_JOB = 'agent_reply';

export interface AgentReplyPayload {
  messageId: string;
  conversationId: string;
}

/** Another process stored the same provider message between our check and our insert. */
export class DuplicateDelivery extends Error {
  constructor(readonly providerMessageId: string) {
    super('duplicate delivery');
  }
}

/** Phones are stored as digits only: '+55 11 9…' and '5511 9…' are one customer. */
export function normalizePhone(phone: string): string {
  return phone.replace(/\D/g, '');
}

/** The stored message for a provider id, as a duplicate answer. */
export async function findDelivered(
  trx: Kysely<Database> | Transaction<Database>,
  providerMessageId: string,
): Promise<InboundResult | null> {
  const row = await trx
    .selectFrom('messages as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .select(['m.id as messageId', 'm.conversation_id as conversationId', 'c.client_id as clientId'])
    .where('m.provider_message_id', '=', providerMessageId)
    .executeTakeFirst();
  return row ? { ...row, duplicate: true } : null;
}

const upsertClientQuery = preparedQuery(
  (
    db,
    row: {
      id: string;
      phone: string;
      name: string | null;
      total_messages: number;
      last_contact: number;
      created_at: number;
    },
  ) =>
    db
      .insertInto('clients')
      .values(row)
      .onConflict((oc) =>
        oc.column('phone').doUpdateSet({
          name: sql<string | null>`coalesce(excluded.name, clients.name)`,
          total_messages: sql<number>`clients.total_messages + 1`,
          last_contact: sql<number>`excluded.last_contact`,
        }),
      )
      .returning(['id', 'name', 'phone']),
);

const latestConversation = preparedQuery((db, clientId: string) =>
  db
    .selectFrom('conversations')
    .selectAll()
    .where('client_id', '=', clientId)
    .orderBy('started_at', 'desc')
    .limit(1),
);

const insertConversation = preparedQuery((db, row: Omit<ConversationRow, 'client_name' | 'client_phone'>) =>
  db.insertInto('conversations').values(row),
);

const insertInboundMessage = preparedQuery((db, row: MessageRow) =>
  db
    .insertInto('messages')
    .values(row)
    .onConflict((oc) => oc.column('provider_message_id').doNothing())
    .returning('id'),
);

const updateConversationAfterInbound = preparedQuery(
  (
    db,
    id: string,
    set: {
      status: string;
      message_count: number;
      last_message: string | null;
      last_message_time: number | null;
      awaiting_since: number | null;
      updated_at: number;
      search_text: string | null;
    },
  ) => db.updateTable('conversations').set(set).where('id', '=', id),
);

async function upsertClient(trx: Transaction<Database>, phone: string, name: string | undefined, at: number) {
  const { rows } = await upsertClientQuery(trx, {
    id: newId(),
    phone,
    name: name ?? null,
    total_messages: 1,
    last_contact: at,
    created_at: at,
  });
  const row = rows[0];
  if (!row) throw new Error('client upsert returned no row');
  return row;
}

async function createConversation(
  trx: Transaction<Database>,
  client: { id: string; name: string | null; phone: string | null },
  at: number,
): Promise<ConversationRow> {
  const row: ConversationRow = {
    id: newId(),
    client_id: client.id,
    status: 'active',
    started_at: at,
    last_message: null,
    last_message_time: null,
    message_count: 0,
    response_time_total_ms: 0,
    response_count: 0,
    awaiting_since: null,
    sentiment_score: null,
    is_ai_handled: 1,
    tags: '[]',
    handler_mode: 'ai',
    handler_user_id: null,
    handler_user_name: null,
    handler_since: at,
    handler_reason: null,
    converted_at: null,
    updated_at: at,
    search_text: null,
    client_name: client.name,
    client_phone: client.phone,
  };
  const { client_name: _name, client_phone: _phone, ...columns } = row;
  await insertConversation(trx, columns);
  return row;
}

async function resolveQuoted(
  trx: Transaction<Database>,
  conversationId: string,
  quotedId: string | undefined,
): Promise<ReplyTo | null> {
  if (!quotedId) return null;
  const target = await trx
    .selectFrom('messages')
    .select(['id', 'content', 'sender'])
    .where('conversation_id', '=', conversationId)
    .where((eb) => eb.or([eb('id', '=', quotedId), eb('provider_message_id', '=', quotedId)]))
    .executeTakeFirst();
  return target ?? null;
}

export interface IngestOutcome {
  result: InboundResult;
  /** An agent reply job was recorded (wake the runner after the commit). */
  enqueued: boolean;
}

/** The stored messages among these provider ids, as duplicate answers (one query for a batch). */
export async function findDeliveredMany(
  trx: Kysely<Database> | Transaction<Database>,
  providerMessageIds: readonly string[],
): Promise<Map<string, InboundResult>> {
  const found = new Map<string, InboundResult>();
  if (providerMessageIds.length === 0) return found;
  const rows = await trx
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

/**
 * One inbound message not stored yet (the caller checked), inside the caller's transaction: client upserted by phone, its conversation
 * reused (set active) or created (AI-handled), the message stored with its quoted reply resolved,
 * counters updated, an activity for a new conversation, and the `agent_reply` job when the AI answers
 * this conversation. Throws DuplicateDelivery when the provider id was stored meanwhile (another
 * process): the caller rolls back and answers the stored message.
 */
export async function ingestOne(
  trx: Transaction<Database>,
  jobs: JobRunner,
  inbound: InboundMessage,
  events: PendingEvents,
): Promise<IngestOutcome> {
  const at = now();
  const phone = normalizePhone(inbound.phone);
  const client = await upsertClient(trx, phone, inbound.name, at);
  const latest = (await latestConversation(trx, client.id)).rows[0];
  const isNew = !latest;
  const conversation: ConversationRow = latest
    ? { ...latest, client_name: client.name, client_phone: client.phone }
    : await createConversation(trx, client, at);

  const timestamp = inbound.timestamp ?? Math.max(at, (conversation.last_message_time ?? 0) + 1);
  const replyTo = await resolveQuoted(trx, conversation.id, inbound.quotedId);
  const message: MessageRow = {
    id: newId(),
    conversation_id: conversation.id,
    provider_message_id: inbound.providerMessageId,
    sender: 'client',
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
    author_name: null,
    evidence: '[]',
    created_at: at,
  };
  const inserted = (await insertInboundMessage(trx, message)).rows[0];
  if (!inserted) throw new DuplicateDelivery(inbound.providerMessageId);

  const previousStatus = conversation.status;
  const lastMessageTime = Math.max(timestamp, conversation.last_message_time ?? 0);
  const isLatest = lastMessageTime === timestamp;
  const updated: ConversationRow = {
    ...conversation,
    status: 'active',
    message_count: conversation.message_count + 1,
    last_message: isLatest ? message.content : conversation.last_message,
    last_message_time: lastMessageTime,
    awaiting_since: conversation.awaiting_since ?? timestamp,
    updated_at: at,
  };
  updated.search_text = conversationSearchText({
    clientId: client.id,
    clientName: client.name,
    clientPhone: client.phone,
    lastMessage: updated.last_message,
  });
  await updateConversationAfterInbound(trx, conversation.id, {
    status: updated.status,
    message_count: updated.message_count,
    last_message: updated.last_message,
    last_message_time: updated.last_message_time,
    awaiting_since: updated.awaiting_since,
    updated_at: at,
    search_text: updated.search_text,
  });

  if (isNew) {
    const activity = await recordActivity(trx, {
      type: 'conversation',
      title: 'Nova conversa',
      description: `${client.name ?? `Cliente ${client.phone ?? client.id}`} iniciou uma conversa`,
      conversationId: conversation.id,
      timestamp: at,
    });
    events.dashboard('analytics:update', activity);
  }

  let enqueued = false;
  if (conversation.handler_mode === 'ai') {
    enqueued = await jobs.enqueue(
      trx,
      AGENT_REPLY_JOB,
      { messageId: message.id, conversationId: conversation.id } satisfies AgentReplyPayload,
      { dedupeKey: `${AGENT_REPLY_JOB}:${message.id}` },
    );
  }

  const payload: Message = toMessage(message);
  events
    .both(conversation.id, 'conversations:newMessage', payload)
    .both(conversation.id, 'newMessage', {
      conversationId: conversation.id,
      clientId: client.id,
      messageId: message.id,
      sender: 'client',
      message: message.content,
      timestamp: payload.timestamp,
      replyTo: payload.replyTo,
    })
    .dashboard('conversation:updated', toConversation(updated));
  if (!isNew && previousStatus !== 'active') {
    events.both(conversation.id, 'conversations:statusUpdate', {
      conversationId: conversation.id,
      status: 'active',
    });
  }

  return {
    result: { messageId: message.id, conversationId: conversation.id, clientId: client.id, duplicate: false },
    enqueued,
  };
}
