/**
 * Seeds the CRM and analytics benchmark straight into a fresh SQLite file: 100,000 clients, 125,000
 * conversations and 1,000,000 messages over the last year (plus hand-offs and knowledge gaps), with
 * better-sqlite3 prepared inserts in one transaction per table. Takes about a minute; the file is
 * kept and reused while its row counts match.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { conversationSearchText } from '../apps/server/src/conversations/messaging/search-text.js';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database.js';
import { CUSTOMER_LINES, FIRST_NAMES, LAST_NAMES } from './seed-words.js';

export const CRM_SEED = { clients: 100_000, conversations: 125_000, messages: 1_000_000, days: 365 } as const;

const DAY = 86_400_000;

/** A small deterministic generator, so two runs seed the same data. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function counts(file: string): number[] | null {
  if (!existsSync(file)) return null;
  const db = new Database(file, { readonly: true });
  try {
    return ['clients', 'conversations', 'messages'].map(
      (t) => (db.prepare(`SELECT COUNT(*) AS n FROM ${t}`).get() as { n: number }).n,
    );
  } catch {
    return null;
  } finally {
    db.close();
  }
}

export async function seedCrm(file: string, now = Date.now()): Promise<void> {
  const have = counts(file);
  if (
    have &&
    have[0] === CRM_SEED.clients &&
    have[1] === CRM_SEED.conversations &&
    have[2] === CRM_SEED.messages
  ) {
    return;
  }
  for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  const handle = openDatabase(file);
  await migrateToLatest(handle.db);
  await handle.close();

  const random = mulberry32(42);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  // A bulk load: each conversation row is written after its messages, once its counters are known.
  db.pragma('foreign_keys = OFF');
  const clientIds: string[] = [];
  const clientLast: number[] = [];
  const clientNames: string[] = [];
  const insertClient = db.prepare(
    'INSERT INTO clients (id, phone, name, email, total_messages, last_contact, created_at, labels) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  db.transaction(() => {
    for (let i = 0; i < CRM_SEED.clients; i++) {
      const id = randomUUID();
      const name = `${FIRST_NAMES[i % FIRST_NAMES.length]} ${LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length]} ${i}`;
      clientIds.push(id);
      clientNames.push(name);
      clientLast.push(0);
      insertClient.run(
        id,
        `55119${String(i).padStart(8, '0')}`,
        name,
        `cliente${i}@exemplo.com`,
        0,
        null,
        now - 400 * DAY,
        '[]',
      );
    }
  })();

  const insertConversation = db.prepare(
    `INSERT INTO conversations (id, client_id, status, started_at, last_message, last_message_time, message_count,
      response_time_total_ms, response_count, first_response_ms, first_response_ai, is_ai_handled, tags, handler_mode,
      handler_since, converted_at, updated_at, search_text)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '[]', ?, ?, ?, ?, ?)`,
  );
  const insertMessage = db.prepare(
    `INSERT INTO messages (id, conversation_id, sender, content, type, timestamp, ai_generated, confidence_score, status, evidence, created_at, response_ms)
     VALUES (?, ?, ?, ?, 'text', ?, ?, ?, 'read', '[]', ?, ?)`,
  );
  const insertChange = db.prepare(
    `INSERT INTO handler_changes (id, conversation_id, at, from_mode, to_mode, cause, reason, user_id)
     VALUES (?, ?, ?, 'ai', ?, ?, ?, NULL)`,
  );
  const perConversation = CRM_SEED.messages / CRM_SEED.conversations;
  db.transaction(() => {
    for (let c = 0; c < CRM_SEED.conversations; c++) {
      const client = c % CRM_SEED.clients;
      const id = randomUUID();
      const start = now - Math.floor(random() * CRM_SEED.days * DAY);
      const handedOff = random() < 0.15;
      let t = start;
      let rtTotal = 0;
      let firstResponse: { ms: number; ai: number } | null = null;
      for (let m = 0; m < perConversation; m++) {
        const fromClient = m % 2 === 0;
        const human = handedOff && m >= perConversation / 2;
        const gap = fromClient
          ? 60_000 + Math.floor(random() * 3_600_000)
          : 2_000 + Math.floor(random() * (human ? 240_000 : 20_000));
        t += gap;
        // Each reply answers the one client message before it.
        if (!fromClient) {
          rtTotal += gap;
          firstResponse ??= { ms: t - start, ai: human ? 0 : 1 };
        }
        insertMessage.run(
          randomUUID(),
          id,
          fromClient ? 'client' : human ? 'admin' : 'agent',
          CUSTOMER_LINES[(c + m) % CUSTOMER_LINES.length],
          t,
          !fromClient && !human ? 1 : 0,
          !fromClient && !human ? 0.5 + random() * 0.5 : null,
          t,
          fromClient ? null : gap,
        );
      }
      if (handedOff) {
        const at = start + (t - start) / 2;
        insertChange.run(
          randomUUID(),
          id,
          at,
          'waiting_human',
          random() < 0.5 ? 'low_confidence' : 'person_requested',
          'bench',
        );
        insertChange.run(randomUUID(), id, at + 60_000, 'human', null, 'bench');
      }
      clientLast[client] = Math.max(clientLast[client] ?? 0, t);
      const last = CUSTOMER_LINES[(c + perConversation - 1) % CUSTOMER_LINES.length] ?? '';
      insertConversation.run(
        id,
        clientIds[client],
        t < now - 3 * DAY ? 'completed' : 'active',
        start,
        last,
        t,
        perConversation,
        rtTotal,
        perConversation / 2,
        firstResponse?.ms ?? null,
        firstResponse?.ai ?? null,
        handedOff ? 0 : 1,
        handedOff ? 'human' : 'ai',
        start,
        random() < 0.2 ? t : null,
        t,
        conversationSearchText({
          clientId: clientIds[client] ?? '',
          clientName: clientNames[client] ?? '',
          clientPhone: null,
          lastMessage: last,
        }),
      );
    }
  })();
  const updateClient = db.prepare('UPDATE clients SET last_contact = ?, total_messages = ? WHERE id = ?');
  db.transaction(() => {
    for (let i = 0; i < CRM_SEED.clients; i++)
      updateClient.run(clientLast[i] || null, perConversation, clientIds[i]);
  })();
  const insertGap = db.prepare(
    `INSERT INTO knowledge_gaps (id, question_key, question, count, reason, last_asked_at, status, created_at)
     VALUES (?, ?, ?, ?, 'low_confidence', ?, 'open', ?)`,
  );
  db.transaction(() => {
    for (let g = 0; g < 300; g++) {
      const at = now - Math.floor(random() * CRM_SEED.days * DAY);
      insertGap.run(
        randomUUID(),
        `pergunta ${g}`,
        `Pergunta sem resposta número ${g}?`,
        1 + Math.floor(random() * 40),
        at,
        at,
      );
    }
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.exec('ANALYZE');
  db.close();
}
