/**
 * Seeds the inbox benchmark data straight into a fresh database (batched inserts, one transaction
 * per table): 10,000 conversations with their clients, and one conversation of 5,000 messages that
 * is the most recent (first in the list).
 */
import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import {
  clientSearchName,
  conversationSearchText,
} from '../apps/server/src/conversations/messaging/search-text.js';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database.js';
import type { ClientsTable, ConversationsTable, MessagesTable } from '../apps/server/src/db/schema.js';
import { CUSTOMER_LINES, FIRST_NAMES, LAST_NAMES } from './seed-words.js';

export const SEED = { conversations: 10_000, bigMessages: 5_000 } as const;

const STATUSES = ['active', 'active', 'active', 'completed', 'paused', 'abandoned'];
const MODES: ConversationsTable['handler_mode'][] = ['ai', 'ai', 'ai', 'waiting_human', 'human', 'paused'];

async function insertBatched<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

export interface SeedResult {
  bigConversationId: string;
  newestMessageId: string;
  newestMessageText: string;
}

export async function seedInbox(databaseUrl: string): Promise<SeedResult> {
  const handle = openDatabase(databaseUrl);
  const { db } = handle;
  await migrateToLatest(db);
  const now = Date.now();
  const clients: Insertable<ClientsTable>[] = [];
  const conversations: Insertable<ConversationsTable>[] = [];

  for (let i = 0; i < SEED.conversations; i++) {
    const id = randomUUID();
    const clientId = randomUUID();
    const name =
      i % 17 === 0
        ? null
        : `${FIRST_NAMES[i % FIRST_NAMES.length]} ${LAST_NAMES[Math.floor(i / 10) % LAST_NAMES.length]} ${i}`;
    const phone = `5511${String(900000000 + i)}`;
    const isBig = i === 0;
    const lastTime = now - i * 60_000;
    const lastMessage = isBig
      ? `Mensagem ${SEED.bigMessages}`
      : (CUSTOMER_LINES[i % CUSTOMER_LINES.length] ?? '');
    const mode = isBig ? 'ai' : (MODES[i % MODES.length] ?? 'ai');
    clients.push({
      id: clientId,
      phone,
      name,
      search_name: clientSearchName(name),
      email: null,
      avatar: null,
      total_messages: isBig ? SEED.bigMessages : 3,
      last_contact: lastTime,
      created_at: lastTime - 86_400_000,
    });
    conversations.push({
      id,
      client_id: clientId,
      status: isBig ? 'active' : (STATUSES[i % STATUSES.length] ?? 'active'),
      started_at: lastTime - 3_600_000,
      last_message: lastMessage,
      last_message_time: lastTime,
      message_count: isBig ? SEED.bigMessages : 3,
      response_time_total_ms: 0,
      response_count: 0,
      awaiting_since: null,
      sentiment_score: null,
      is_ai_handled: mode === 'human' ? 0 : 1,
      tags: JSON.stringify(i % 5 === 0 ? ['vip', 'troca'] : []),
      handler_mode: mode,
      handler_user_id: null,
      handler_user_name: mode === 'human' ? 'Operador' : null,
      handler_since: lastTime,
      handler_reason: null,
      converted_at: null,
      updated_at: lastTime,
      search_text: conversationSearchText({ clientId, clientName: name, clientPhone: phone, lastMessage }),
    });
  }

  const big = conversations[0]!;
  const messages: Insertable<MessagesTable>[] = [];
  const start = now - SEED.bigMessages * 30_000;
  for (let n = 1; n <= SEED.bigMessages; n++) {
    const fromClient = n % 2 === 1;
    const ai = !fromClient && n % 4 === 0;
    const previous = messages[messages.length - 1];
    messages.push({
      id: randomUUID(),
      conversation_id: big.id,
      provider_message_id: `bench-${n}`,
      sender: fromClient ? 'client' : 'agent',
      content:
        n === SEED.bigMessages
          ? `Mensagem ${n}`
          : `Mensagem ${n}: ${CUSTOMER_LINES[n % CUSTOMER_LINES.length]}${n % 7 === 0 ? `\n${CUSTOMER_LINES[(n + 1) % CUSTOMER_LINES.length]}` : ''}`,
      type: 'text',
      timestamp: start + n * 30_000,
      ai_generated: ai ? 1 : 0,
      confidence_score: ai ? 0.5 + (n % 50) / 100 : null,
      media_url: null,
      media_mime_type: null,
      reply_to_id: n % 11 === 0 && previous ? previous.id : null,
      reply_to_content: n % 11 === 0 && previous ? previous.content : null,
      reply_to_sender: n % 11 === 0 && previous ? previous.sender : null,
      status: fromClient ? 'delivered' : 'read',
      author_user_id: null,
      author_name: null,
      evidence: ai
        ? JSON.stringify([
            { passageId: 'p1', title: 'Trocas e devoluções', excerpt: 'Trocas em até 30 dias.', score: 0.8 },
          ])
        : '[]',
      created_at: start + n * 30_000,
    });
  }

  await db.transaction().execute(async (trx) => {
    await insertBatched(clients, 500, (batch) => trx.insertInto('clients').values(batch).execute());
    await insertBatched(conversations, 500, (batch) =>
      trx.insertInto('conversations').values(batch).execute(),
    );
    await insertBatched(messages, 500, (batch) => trx.insertInto('messages').values(batch).execute());
  });
  await handle.close();
  const newest = messages[messages.length - 1]!;
  return { bigConversationId: big.id, newestMessageId: newest.id, newestMessageText: newest.content };
}
