/**
 * Fixtures for the metric tests (analytics, dashboard, demo seed): a migrated throwaway database (SQLite file always,
 * PostgreSQL too when TEST_DATABASE_URL is set) and tiny row builders with known timestamps.
 */

import { sql } from 'kysely';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../src/db/database.js';
import type { Database } from '../src/db/schema.js';
import { createTestDatabase, DATABASE_KINDS, type TestDatabaseKind } from './helpers.js';

export interface TestDatabase {
  kind: TestDatabaseKind;
  open(): Promise<{ handle: DatabaseHandle; dispose(): Promise<void> }>;
}

async function openMigrated(kind: TestDatabaseKind) {
  const database = await createTestDatabase(kind);
  const handle = openDatabase(database.url, { poolSize: 4 });
  await migrateToLatest(handle.db);
  return {
    handle,
    async dispose() {
      await handle.close();
      await database.destroy();
    },
  };
}

/** The databases every metric test runs on. */
export function testDatabases(): TestDatabase[] {
  return DATABASE_KINDS.map((kind) => ({ kind, open: () => openMigrated(kind) }));
}

type Db = DatabaseHandle['db'];
let seq = 0;
const nextId = (prefix: string) => `${prefix}-${String(++seq).padStart(6, '0')}`;

export async function addClient(db: Db, name = 'Cliente'): Promise<string> {
  const id = nextId('cli');
  await db
    .insertInto('clients')
    .values({ id, name, phone: `55119${String(seq).padStart(8, '0')}`, created_at: 0, total_messages: 0 })
    .execute();
  return id;
}

export async function addConversation(
  db: Db,
  clientId: string,
  options: { startedAt?: number; convertedAt?: number | null; status?: string; handlerMode?: string } = {},
): Promise<string> {
  const id = nextId('conv');
  const startedAt = options.startedAt ?? 0;
  await db
    .insertInto('conversations')
    .values({
      id,
      client_id: clientId,
      status: options.status ?? 'active',
      started_at: startedAt,
      handler_mode: (options.handlerMode ?? 'ai') as Database['conversations']['handler_mode'],
      handler_since: startedAt,
      converted_at: options.convertedAt ?? null,
      updated_at: startedAt,
      tags: '[]',
      message_count: 0,
      response_time_total_ms: 0,
      response_count: 0,
      is_ai_handled: 1,
    })
    .execute();
  return id;
}

/**
 * A message at `timestamp`, added after the conversation's earlier ones. A reply of ours carries what
 * the messaging module stores with it (docs/metrics.md): its response time, and the conversation's
 * first response when it is the first reply.
 */
export async function addMessage(
  db: Db,
  conversationId: string,
  sender: 'client' | 'agent' | 'admin',
  timestamp: number,
  options: { aiGenerated?: boolean } = {},
): Promise<string> {
  const id = nextId('msg');
  const reply = sender !== 'client';
  const earlier = await db
    .selectFrom('messages')
    .select(['sender', 'timestamp'])
    .where('conversation_id', '=', conversationId)
    .where('timestamp', '<=', timestamp)
    .orderBy('timestamp')
    .execute();
  let awaiting: number | null = null;
  for (const m of earlier) awaiting = m.sender === 'client' ? (awaiting ?? Number(m.timestamp)) : null;
  await db
    .insertInto('messages')
    .values({
      id,
      conversation_id: conversationId,
      sender,
      content: `${sender} @ ${timestamp}`,
      timestamp,
      ai_generated: options.aiGenerated ? 1 : 0,
      created_at: timestamp,
      type: 'text',
      status: 'delivered',
      evidence: '[]',
      response_ms: reply && awaiting !== null ? timestamp - awaiting : null,
    })
    .execute();
  if (reply && !earlier.some((m) => m.sender !== 'client')) {
    await db
      .updateTable('conversations')
      .set((eb) => ({
        first_response_ms: eb(sql.lit(timestamp), '-', eb.ref('started_at')),
        first_response_ai: options.aiGenerated ? 1 : 0,
      }))
      .where('id', '=', conversationId)
      .execute();
  }
  return id;
}

export async function addActivity(
  db: Db,
  type: Database['activities']['type'],
  timestamp: number,
  title = 'Atividade',
): Promise<string> {
  const id = nextId('act');
  await db
    .insertInto('activities')
    .values({ id, type, title, description: `${type} @ ${timestamp}`, timestamp, conversation_id: null })
    .execute();
  return id;
}

/** São Paulo wall-clock time (UTC−3, no DST since 2019) as epoch ms. */
export function sp(iso: string): number {
  return Date.parse(`${iso}-03:00`);
}

/** The `admin-config.timezone` default: the zone `sp()` writes in. */
export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';
