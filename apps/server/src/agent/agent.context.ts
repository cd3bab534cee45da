import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { agentReplyJob } from '../jobs/job-kinds.js';
import { createAgentService, type PausePoint } from './agent.service.js';
import { knowledgeBaseModule } from './knowledge-base/knowledge-base.module.js';
import { knowledgeGapsRoutes } from './knowledge-gaps/knowledge-gaps.routes.js';
import { KnowledgeIndexStore } from './knowledge-index-store.js';
import { createProviderResolver } from './provider-factory.js';
import type { RecordLookup } from './record-lookup.js';
import { testAiRoutes } from './test-ai.routes.js';

const SAMPLE_QUESTION = 'Quais são as formas de pagamento?';

function registerHealthCheck(
  app: FastifyInstance,
  store: KnowledgeIndexStore,
  provider: ReturnType<typeof createProviderResolver>,
) {
  app.healthChecks.register('Agente de IA', async () => {
    const current = await provider();
    const started = performance.now();
    // Timed sample over the real index; a remote provider is named, not called (no cost per check).
    store.current.search(SAMPLE_QUESTION, 3);
    const responseTime = Math.round((performance.now() - started) * 100) / 100;
    const passages = store.stats.passages;
    const kind = current.kind === 'retrieval' ? 'base de conhecimento (offline)' : 'OpenAI-compatível';
    if (passages === 0) {
      return { status: 'degraded', responseTime, detail: `Provedor: ${kind}; base de conhecimento vazia` };
    }
    return {
      status: 'operational',
      responseTime,
      detail: `Provedor: ${kind}; ${passages} passagens indexadas`,
    };
  });
}

/**
 * The AI agent: answers `agent_reply` jobs (recorded by ingest with each inbound customer message),
 * keeps the knowledge-base index fresh, reports its health, serves the knowledge gaps and tests an AI
 * provider's connection for the settings screen.
 */
export interface AgentOptions {
  /** A test's hold on the pipeline (the kill -9 test); never set in production. */
  pause?: ((point: PausePoint) => Promise<void>) | undefined;
  /** Looks up the customer's order for a question about it (the composition root's order lookup). */
  recordLookup?: RecordLookup | undefined;
}

export const agentContext = fp<AgentOptions>(
  async (app, options) => {
    if (!app.domain) throw new Error('agent: register after the domain (app.domain)');
    await app.register(knowledgeBaseModule);
    const store = new KnowledgeIndexStore();
    const provider = createProviderResolver(app.db, app.config);
    const unsubscribe = app.knowledgeBase.onChange((content) => store.replace(content));
    app.addHook('onClose', async () => unsubscribe());
    app.addHook('onReady', async () => {
      await store.refresh(app.db);
    });

    const service = createAgentService({
      db: app.db,
      messaging: app.domain.messaging,
      serviceWindow: (conversationId) => app.domain.inboxes.hasServiceWindow(conversationId),
      index: store,
      provider,
      log: app.log,
      pause: options.pause,
      recordLookup: options.recordLookup,
    });
    app.domain.jobs.register(
      agentReplyJob,
      async (payload) => {
        // "digitando…" on the customer's phone while the answer is being composed.
        const stopTyping = await app.domain.inboxes.agentComposing(payload.conversationId);
        try {
          await service.handle(payload);
        } finally {
          await stopTyping();
        }
      },
      {
        maxAttempts: 5,
        onFailed: async (payload) => {
          await service.failed(payload);
        },
      },
    );
    registerHealthCheck(app, store, provider);
    await app.register(knowledgeGapsRoutes);
    await app.register(testAiRoutes);
  },
  { name: 'atende-agent', dependencies: ['atende-domain', 'atende-health-checks'] },
);
