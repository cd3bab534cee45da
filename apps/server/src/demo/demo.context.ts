import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { readKnowledgeBase } from '../agent/knowledge-base/knowledge-base.repository.js';
import { hasAnyConversation } from '../conversations/messaging/conversation-queries.js';
import type { Database } from '../db/schema.js';
import { seedDemo } from './seed-demo.js';
import { startSimulatedTraffic } from './simulated-traffic.js';

/**
 * The database is "empty" for the demo when it has no conversation and no knowledge base: a first
 * start. Accounts do not count: ADMIN_EMAIL's is created first (the demo admin's own address too).
 */
export async function needsDemoSeed(db: Kysely<Database>): Promise<boolean> {
  if ((await readKnowledgeBase(db)).updatedAt !== null) return false;
  return !(await hasAnyConversation(db));
}

async function seedIfEmpty(app: FastifyInstance): Promise<void> {
  if (!app.config.demo || !(await needsDemoSeed(app.db))) return;
  const started = performance.now();
  const result = await seedDemo(app.db);
  app.knowledgeBase.emitChange(result.knowledgeBase);
  app.log.info(
    {
      clients: result.clients,
      conversations: result.conversations,
      messages: result.messages,
      ms: Math.round(performance.now() - started),
    },
    'demo data seeded',
  );
}

/**
 * Demo mode: seeds an empty database while the app is being built (before the agent
 * indexes the knowledge base), and runs the simulated customers while the server is up when
 * SIMULATED_TRAFFIC is on (never in tests unless asked).
 */
export const demoContext: FastifyPluginAsync = fp(
  async (app) => {
    await seedIfEmpty(app);
    if (!app.config.simulatedTraffic) return;
    let traffic: { stop(): Promise<void> } | null = null;
    app.addHook('onReady', async () => {
      traffic = startSimulatedTraffic(app);
    });
    app.addHook('preClose', async () => {
      await traffic?.stop();
    });
  },
  { name: 'atende-demo', dependencies: ['atende-db', 'atende-knowledge-base'] },
);
