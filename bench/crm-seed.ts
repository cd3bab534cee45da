/**
 * Seeds the CRM and analytics benchmark straight into a fresh SQLite file: 100,000 clients, 125,000
 * conversations and 1,000,000 messages over the last year (plus hand-offs, knowledge gaps, two inboxes,
 * eight operators who answer the handed-off conversations, labels, and a resolution with its
 * satisfaction survey for every finished conversation), with better-sqlite3 prepared inserts in one
 * transaction per table. Takes about a minute; the file is kept and reused while its row counts match.
 * `copyCrmToPostgres` loads the same rows into a PostgreSQL database for the same measurements there.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import pg from 'pg';
import {
  clientSearchName,
  conversationSearchText,
} from '../apps/server/src/conversations/messaging/search-text.js';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database.js';
import { CUSTOMER_LINES, FIRST_NAMES, LAST_NAMES } from './seed-words.js';

export const CRM_SEED = { clients: 100_000, conversations: 125_000, messages: 1_000_000, days: 365 } as const;

/** The people who answer handed-off conversations, the second number, the labels. */
const OPERATORS = Array.from({ length: 8 }, (_, i) => ({
  id: `bench-op-${i + 1}`,
  name: `Operador ${i + 1}`,
}));
const INBOXES = ['default', 'bench-sac'];
const LABELS = ['bench-vip', 'bench-troca', 'bench-pedido', 'bench-pagamento'];
/** Ratings as customers give them, best first. */
const RATING_WEIGHTS = [0.5, 0.27, 0.12, 0.06, 0.05];

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
    return ['clients', 'conversations', 'messages', 'conversation_resolutions'].map(
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
    have[2] === CRM_SEED.messages &&
    (have[3] ?? 0) > 0
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
  db.transaction(() => {
    const inbox = db.prepare(
      `INSERT OR IGNORE INTO inboxes (id, kind, name, phone, settings, agent_enabled, operator_access, created_at, updated_at, removed_at)
       VALUES (?, 'simulator', ?, NULL, '{}', 1, 'all', ?, ?, NULL)`,
    );
    for (const [i, id] of INBOXES.entries()) {
      inbox.run(id, i === 0 ? 'Loja' : 'SAC', now - 400 * DAY, now - 400 * DAY);
    }
    const user = db.prepare(
      `INSERT INTO users (id, email, name, role, password_hash, avatar, disabled, created_at, updated_at)
       VALUES (?, ?, ?, 'operator', 'x', NULL, 0, ?, ?)`,
    );
    for (const op of OPERATORS)
      user.run(op.id, `${op.id}@bench.local`, op.name, now - 400 * DAY, now - 400 * DAY);
    const label = db.prepare(
      'INSERT INTO labels (id, name, name_key, color, created_at) VALUES (?, ?, ?, ?, ?)',
    );
    for (const id of LABELS) label.run(id, id.slice(6), id.slice(6), 'slate', now - 400 * DAY);
  })();

  const clientIds: string[] = [];
  const clientLast: number[] = [];
  const clientNames: string[] = [];
  const insertClient = db.prepare(
    'INSERT INTO clients (id, phone, name, search_name, email, total_messages, last_contact, created_at, labels) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
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
        clientSearchName(name),
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
      handler_since, converted_at, updated_at, search_text, inbox_id, handler_user_id, handler_user_name, last_person_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertMessage = db.prepare(
    `INSERT INTO messages (id, conversation_id, sender, content, type, timestamp, ai_generated, confidence_score, status, evidence, created_at, response_ms, author_user_id)
     VALUES (?, ?, ?, ?, 'text', ?, ?, ?, 'read', '[]', ?, ?, ?)`,
  );
  const insertChange = db.prepare(
    `INSERT INTO handler_changes (id, conversation_id, at, from_mode, to_mode, cause, reason, user_id)
     VALUES (?, ?, ?, 'ai', ?, ?, ?, ?)`,
  );
  const insertResolution = db.prepare(
    `INSERT INTO conversation_resolutions (id, conversation_id, inbox_id, client_id, resolved_at, cycle_started_at,
      resolved_by, person_id, person_involved, survey_status, survey_sent_at, survey_message_id, rating, rated_at,
      comment, commented_at, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, NULL, NULL, ?)`,
  );
  const pickWeighted = (weights: readonly number[]) => {
    let r = random();
    for (const [i, w] of weights.entries()) {
      r -= w;
      if (r < 0) return i;
    }
    return weights.length - 1;
  };
  const perConversation = CRM_SEED.messages / CRM_SEED.conversations;
  db.transaction(() => {
    for (let c = 0; c < CRM_SEED.conversations; c++) {
      const client = c % CRM_SEED.clients;
      const id = randomUUID();
      const start = now - Math.floor(random() * CRM_SEED.days * DAY);
      const handedOff = random() < 0.15;
      const operator = handedOff ? (OPERATORS[Math.floor(random() * OPERATORS.length)] ?? null) : null;
      const inboxId = random() < 0.7 ? 'default' : 'bench-sac';
      const label = random() < 0.4 ? LABELS[Math.floor(random() * LABELS.length)] : undefined;
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
          human ? (operator?.id ?? null) : null,
        );
      }
      if (handedOff) {
        const at = start + Math.round((t - start) / 2);
        insertChange.run(
          randomUUID(),
          id,
          at,
          'waiting_human',
          random() < 0.5 ? 'low_confidence' : 'person_requested',
          'bench',
          null,
        );
        insertChange.run(randomUUID(), id, at + 60_000, 'human', null, 'bench', operator?.id ?? null);
      }
      const completed = t < now - 3 * DAY;
      if (completed) {
        // Resolved a few minutes after the last message; most customers asked, most of those answer.
        const resolvedAt = t + 5 * 60_000;
        const sent = random() < 0.9;
        const rating = sent && random() < 0.6 ? 5 - pickWeighted(RATING_WEIGHTS) : null;
        insertResolution.run(
          randomUUID(),
          id,
          inboxId,
          clientIds[client],
          resolvedAt,
          start,
          operator ? 'person' : 'agent',
          operator?.id ?? null,
          handedOff ? 1 : 0,
          !sent ? 'skipped_window' : rating === null ? 'sent' : 'rated',
          sent ? resolvedAt + 2_000 : null,
          rating,
          rating === null ? null : resolvedAt + 10 * 60_000,
          resolvedAt,
        );
      }
      clientLast[client] = Math.max(clientLast[client] ?? 0, t);
      const last = CUSTOMER_LINES[(c + perConversation - 1) % CUSTOMER_LINES.length] ?? '';
      insertConversation.run(
        id,
        clientIds[client],
        completed ? 'completed' : 'active',
        start,
        last,
        t,
        perConversation,
        rtTotal,
        perConversation / 2,
        firstResponse?.ms ?? null,
        firstResponse?.ai ?? null,
        handedOff ? 0 : 1,
        label ? JSON.stringify([label]) : '[]',
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
        inboxId,
        operator?.id ?? null,
        operator?.name ?? null,
        operator?.id ?? null,
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

/** Tables the seed writes, in an order their references allow. */
const COPIED_TABLES = [
  'inboxes',
  'users',
  'labels',
  'clients',
  'conversations',
  'messages',
  'handler_changes',
  'knowledge_gaps',
  'conversation_resolutions',
];

/**
 * Loads the seeded SQLite file's rows into a fresh PostgreSQL database (migrated by the server's own
 * migrations), in batches of multi-row inserts, then analyses it: the same data for the same figures.
 */
export async function copyCrmToPostgres(file: string, url: string): Promise<void> {
  const handle = openDatabase(url);
  await migrateToLatest(handle.db);
  await handle.close();
  const source = new Database(file, { readonly: true });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const table of COPIED_TABLES) {
      const info = source.prepare(`PRAGMA table_info(${table})`).all() as Array<{
        name: string;
        type: string;
      }>;
      const columns = info.map((c) => c.name);
      // SQLite keeps whatever number it is given (a hand-off at a half millisecond); PostgreSQL's
      // integer columns take whole ones.
      const whole = info.map((c) => /int/i.test(c.type));
      const rows = 60_000 / columns.length;
      let batch: unknown[][] = [];
      const flush = async () => {
        if (batch.length === 0) return;
        const values = batch
          .map((_, r) => `(${columns.map((_, c) => `$${r * columns.length + c + 1}`).join(', ')})`)
          .join(', ');
        await client.query(
          `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${values} ON CONFLICT DO NOTHING`,
          batch.flat(),
        );
        batch = [];
      };
      for (const row of source.prepare(`SELECT * FROM ${table}`).raw().iterate() as Iterable<unknown[]>) {
        batch.push(row.map((v, i) => (whole[i] && typeof v === 'number' ? Math.round(v) : v)));
        if (batch.length >= rows) await flush();
      }
      await flush();
    }
    // As autovacuum leaves a table in use: statistics, and the visibility map index-only scans need.
    await client.query('VACUUM ANALYZE');
  } finally {
    await client.end();
    source.close();
  }
}
