import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type AgentOptions, agentContext } from './agent/agent.context.js';
import { type AutomationsOptions, automationsContext } from './automations/automations.context.js';
import { type ChannelTestHooks, channelRegistry } from './channels/registry.js';
import { conversationGuard, conversationsContext } from './conversations/conversations.context.js';
import { lockConversationsInOrder } from './conversations/messaging/change-handler.js';
import { createMessaging } from './conversations/messaging/messaging.js';
import { customersContext } from './customers/customers.context.js';
import { personalDataEraser } from './customers/privacy/erase-personal-data.js';
import type { DatabaseHandle } from './db/database.js';
import { transactionBatcher } from './db/group-commit.js';
import { demoContext } from './demo/demo.context.js';
import type { Domain } from './domain.js';
import { InboxManager } from './inboxes/inbox-manager.js';
import { inboxesContext } from './inboxes/inboxes.context.js';
import { inboxesRepository } from './inboxes/inboxes.repository.js';
import { primaryChannel } from './inboxes/primary-channel.js';
import { insightContext } from './insight/insight.context.js';
import {
  apiDocsPlugin,
  createOrderLookup,
  disabledWebhookNotices,
  integrationsContext,
} from './integrations/integrations.context.js';
import { JobRunner } from './jobs/job-runner.js';
import { kernelContext } from './kernel/kernel.context.js';
import { permissionsPlugin } from './kernel/permissions/permissions.plugin.js';
import { sessionsRepository } from './people/auth/sessions.repository.js';
import { peopleContext } from './people/people.context.js';
import { authPlugin } from './plugins/auth.js';
import { clusterPlugin } from './plugins/cluster.js';
import { dbPlugin } from './plugins/db.js';
import { domainEventsPlugin } from './plugins/domain-events.js';
import { errorsPlugin } from './plugins/errors.js';
import { gracefulClosePlugin } from './plugins/graceful-close.js';
import { healthChecksPlugin } from './plugins/health-checks.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { realtimePlugin } from './plugins/realtime.js';
import { redisPlugin } from './plugins/redis.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { staticPlugin } from './plugins/static.js';
import './domain.js';

/**
 * How often at most a batch of short writes starts on SQLite (ms): an agent reply, a status or a job
 * round waits up to this long to share a commit. It also paces the job runner's rounds (each claims
 * at most its free slots), so it bounds how many jobs a second the runner can start: 20 ms halved
 * that and left a burst's replies queued long after the burst.
 */
const WRITES_GATHER_MS = 10;

export interface CompositionOptions {
  /** An open database (tests, bench). Migrated by the app, closed by its owner. */
  dbHandle?: DatabaseHandle | undefined;
  /** Holds the agent's pipeline at a point (the kill -9 test's server); never set in production. */
  agentPause?: AgentOptions['pause'];
  /** The kill -9 test: hold a rule's run before an action. */
  automationPause?: AutomationsOptions['pause'];
  /** Tests: a fake Baileys socket, media download without the network, short leases. */
  channels?: ChannelTestHooks;
}

/**
 * The services two contexts share, built once: messaging (conversations), the inboxes' channels,
 * the job runner and the short writes' group commit. Decorated as `app.domain`.
 */
function createDomain(app: FastifyInstance, hooks: ChannelTestHooks): Domain {
  const { db, realtime } = app;
  const kind = app.dbHandle.kind;
  // Short writes (agent replies, delivery statuses, simulated deliveries) share commits: one writer on
  // SQLite, and on PostgreSQL a round trip (BEGIN, COMMIT) and a WAL flush fewer per write. On SQLite
  // a batch starts at most every WRITES_GATHER_MS, gathering what comes meanwhile, and the job
  // runner's rounds join them; on PostgreSQL its claims stay apart (row locks on jobs taken inside a
  // batch that also locks conversations could deadlock against another instance's batch).
  const writes = transactionBatcher(db, {
    batching: true,
    lockInOrder: kind === 'postgres' ? lockConversationsInOrder : undefined,
    gatherMs: kind === 'sqlite' ? WRITES_GATHER_MS : undefined,
  });
  const jobs = new JobRunner({
    db,
    log: app.log,
    recoverRunningOnStart: kind === 'sqlite',
    writes: kind === 'sqlite' ? writes : undefined,
  });
  // The inboxes are built after messaging, which asks them whether the agent answers an inbox.
  let inboxes: InboxManager | null = null;
  const messaging = createMessaging({
    db,
    kind,
    realtime,
    domainEvents: app.domainEvents,
    jobs,
    writes,
    agentEnabled: (inboxId) => inboxes?.agentEnabled(inboxId) ?? true,
    personalData: personalDataEraser,
  });
  jobs.yieldWhile(() => messaging.underPressure());
  inboxes = new InboxManager({
    app,
    repo: inboxesRepository(db),
    kinds: channelRegistry(hooks),
    messaging,
    jobs,
    writes,
  });
  return { inboxes, channel: primaryChannel(inboxes), jobs, messaging, visibility: app.visibility };
}

const domainPlugin = fp<{ channels: ChannelTestHooks }>(
  async (app, options) => {
    app.decorate('domain', createDomain(app, options.channels));
  },
  {
    name: 'atende-domain',
    dependencies: ['atende-db', 'atende-realtime', 'atende-domain-events', 'atende-visibility'],
  },
);

/**
 * The composition root: the only place that wires the server. Platform plugins first (errors, db,
 * auth, realtime…), then the hooks every route passes through (permissions, the conversation guard,
 * the API docs), the shared services, and the contexts in the order their dependencies need. Each
 * context is one plugin with one entry file (`<context>/<context>.context.ts`).
 */
export async function compose(app: FastifyInstance, options: CompositionOptions): Promise<void> {
  await app.register(errorsPlugin);
  await app.register(gracefulClosePlugin);
  await app.register(securityHeadersPlugin);
  await app.register(dbPlugin, { handle: options.dbHandle });
  await app.register(redisPlugin);
  await app.register(rateLimitPlugin);
  // Bearer tokens are checked against people's sessions; plugins/ never imports a context.
  await app.register(authPlugin, { sessions: sessionsRepository(app.db) });
  await app.register(healthChecksPlugin);
  await app.register(domainEventsPlugin);
  await app.register(realtimePlugin);
  await app.register(clusterPlugin);
  // Before any route: routes declare the action they need and how they reach conversations, and
  // these enforce it; the OpenAPI document is built from each route as it is added.
  await app.register(permissionsPlugin);
  await app.register(conversationGuard);
  await app.register(apiDocsPlugin);

  await app.register(domainPlugin, { channels: options.channels ?? {} });
  await app.register(peopleContext);
  await app.register(kernelContext);
  await app.register(conversationsContext, { adminNotices: disabledWebhookNotices });
  await app.register(customersContext);
  await app.register(inboxesContext);
  const orderLookup = createOrderLookup(app);
  await app.register(integrationsContext, { orderLookup });
  await app.register(automationsContext, { pause: options.automationPause });
  await app.register(agentContext, { pause: options.agentPause, recordLookup: orderLookup.forAgent });
  await app.register(insightContext);
  // Seeds an empty database while the app is built (before the agent indexes the knowledge base).
  await app.register(demoContext);

  // Channels and jobs start once every context has registered its job kinds and hooks.
  const { domain } = app;
  app.addHook('onReady', async () => {
    await domain.inboxes.start();
    await domain.jobs.start();
  });
  app.addHook('preClose', async () => {
    await domain.jobs.stop();
    await domain.messaging.drain();
    await domain.inboxes.stop();
  });
  await app.register(staticPlugin);
}
