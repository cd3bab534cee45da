import fp from 'fastify-plugin';
import { automationsRoutes } from './automations.routes.js';
import { macrosRoutes } from './macros.routes.js';
import { rulesRepository } from './rules.repository.js';
import { RulesCache } from './rules-cache.js';
import type { RunPause } from './run-journal.js';
import { registerRuleJobs } from './run-rule.js';
import { triggerHandler } from './trigger-handler.js';

export interface AutomationsOptions {
  /** Tests (the kill -9 test): hold a rule's run before an action. */
  pause?: RunPause | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Automations (the rules in memory, each inbox's business hours). */
    automations: { cache: RulesCache };
  }
}

/**
 * Automations: rules a business writes without code (when an event happens, if conditions hold, then
 * actions run in order), heard inside the transaction of what caused them and run by durable jobs;
 * macros operators run on a conversation. Business hours live with the inboxes; the rules read them.
 */
export const automationsContext = fp<AutomationsOptions>(
  async (app, options) => {
    const cache = new RulesCache(app.db);
    app.decorate('automations', { cache });
    app.domain.messaging.triggers.set(triggerHandler({ cache, jobs: app.domain.jobs }), () =>
      cache.listened(),
    );
    registerRuleJobs(app, cache, options.pause);
    await app.register(automationsRoutes(cache));
    await app.register(macrosRoutes);
    app.addHook('onReady', async () => {
      await rulesRepository(app.db).ensureBuiltins();
      await cache.refresh();
      cache.start((err) => app.log.warn({ err }, 'automations: could not reload the rules'));
    });
    app.addHook('onClose', async () => cache.stop());
  },
  { name: 'atende-automations', dependencies: ['atende-domain', 'atende-conversations'] },
);
