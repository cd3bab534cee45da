import { readFileSync } from 'node:fs';
import { DEMO_ADMIN, DEMO_OPERATOR } from '@atende/contracts';
import type { Kysely } from 'kysely';
import { KNOWLEDGE_BASE_ID } from '../agent/knowledge-base/knowledge-base.repository.js';
import { importHistory, insertChunked } from '../conversations/messaging/import-history.js';
import type { Database } from '../db/schema.js';
import { importResolutions } from '../insight/satisfaction/satisfaction.repository.js';
import { getStoredSection, invalidateSettings, updateSettings } from '../kernel/settings/settings.service.js';
import { now as clockNow } from '../lib/clock.js';
import { splitPassages } from '../lib/text/passages.js';
import { createUser, findUserByEmail } from '../people/users/users.service.js';
import { buildDemoHistory, type DemoHistory } from './demo-history.js';
import { buildDemoResolutions } from './demo-satisfaction.js';
import { createRandom } from './prng.js';

export const DEMO_ADMIN_NAME = 'Ana Administradora';
/**
 * The business the demo's knowledge base and dialogues speak for. The seed stores it as the
 * company-name setting, so the agent's greeting names the same business its answers quote.
 */
export const DEMO_COMPANY_NAME = 'Loja Aurora';
export const DEMO_OPERATOR_NAME = 'Otávio Operador';
const KNOWLEDGE_BASE_FILE = new URL('../agent/demo-knowledge-base.md', import.meta.url);

export interface SeedDemoOptions {
  /** The instant the history ends at (default: the clock's now). */
  now?: number;
  /** PRNG seed: the same seed and `now` give the same rows. */
  seed?: number;
  /** Days of history (default 30). */
  days?: number;
  /** Conversations to write (default 480). */
  conversations?: number;
  /** Create the demo admin and operator (default true; skipped for e-mails that already exist). */
  users?: boolean;
  /** Knowledge-base text (default: the agent's demo knowledge base file). */
  knowledgeBase?: string;
}

export interface SeedDemoResult {
  clients: number;
  conversations: number;
  messages: number;
  activities: number;
  knowledgeBase: string;
}

export function demoKnowledgeBase(): string {
  return readFileSync(KNOWLEDGE_BASE_FILE, 'utf8');
}

async function ensureUser(
  db: Kysely<Database>,
  email: string,
  name: string,
  role: 'admin' | 'operator',
  password: string,
) {
  const existing = await findUserByEmail(db, email);
  if (existing) return { id: existing.id, name: existing.name };
  const user = await createUser(db, { email, name, role, password });
  return { id: user.id, name: user.name };
}

/**
 * Writes the demo: users (admin, operator), the knowledge base, and `days` of pt-BR history, all
 * rows in one transaction with batched inserts. Deterministic for a given `seed` and `now`.
 * Call it on an empty database (startup does, when DEMO is on and there are no users).
 */
export async function seedDemo(db: Kysely<Database>, options: SeedDemoOptions = {}): Promise<SeedDemoResult> {
  const now = options.now ?? clockNow();
  const knowledgeBase = options.knowledgeBase ?? demoKnowledgeBase();
  const operators =
    options.users === false
      ? [
          { id: 'demo-admin', name: DEMO_ADMIN_NAME },
          { id: 'demo-operator', name: DEMO_OPERATOR_NAME },
        ]
      : [
          await ensureUser(db, DEMO_ADMIN.email, DEMO_ADMIN_NAME, 'admin', DEMO_ADMIN.password),
          await ensureUser(db, DEMO_OPERATOR.email, DEMO_OPERATOR_NAME, 'operator', DEMO_OPERATOR.password),
        ];
  const history: DemoHistory = buildDemoHistory({
    random: createRandom(options.seed ?? 20_240_601),
    now,
    days: options.days ?? 30,
    conversations: options.conversations ?? 480,
    passages: splitPassages(knowledgeBase),
    // The operator answers most hand-offs; the admin some.
    operators: [operators[1], operators[1], operators[0]].filter((o) => o !== undefined),
  });

  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('knowledge_base')
      .values({
        id: KNOWLEDGE_BASE_ID,
        content: knowledgeBase,
        updated_at: now - 30 * 86_400_000,
        updated_by: null,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await importHistory(trx, history);
    // The resolutions and their surveys, from a generator of their own (the history stays as it was).
    await importResolutions(
      trx,
      buildDemoResolutions(history, createRandom((options.seed ?? 20_240_601) + 43), now),
    );
    await insertChunked(history.activities, (rows) => trx.insertInto('activities').values(rows).execute());
    await insertChunked(history.knowledgeGaps, (rows) =>
      trx.insertInto('knowledge_gaps').values(rows).execute(),
    );
    // A company name an admin already saved stays.
    const stored = await getStoredSection(trx, 'admin-config');
    if (!(stored && typeof stored === 'object' && 'companyName' in stored))
      await updateSettings(trx, 'admin-config', { companyName: DEMO_COMPANY_NAME }, null);
  });
  invalidateSettings(db, 'admin-config');

  return {
    clients: history.clients.length,
    conversations: history.conversations.length,
    messages: history.messages.length,
    activities: history.activities.length,
    knowledgeBase,
  };
}
