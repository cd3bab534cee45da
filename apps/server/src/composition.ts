import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type AgentModuleOptions, agentModule } from './agent/agent.module.js';
import { type ChannelTestHooks, channelRegistry } from './channels/registry.js';
import { handBack, lockConversationsInOrder, takeOver } from './conversations/messaging/change-handler.js';
import { createMessaging } from './conversations/messaging/messaging.js';
import { conversationsRoutes } from './conversations/routes/conversations.routes.js';
import { assertMayTakeOver } from './conversations/routes/takeover-permission.js';
import { dashboardLimits } from './conversations/visibility/dashboard-limits.js';
import { createDashboardRouter } from './conversations/visibility/dashboard-router.js';
import { clientsRoutes } from './customers/clients/clients.routes.js';
import { transactionBatcher } from './db/group-commit.js';
import { demoPlugin } from './demo/demo-startup.js';
import type { Domain } from './domain.js';
import { templatesRoutes } from './inboxes/channel-bridge/templates.routes.js';
import { whatsappRoutes } from './inboxes/channel-bridge/whatsapp.routes.js';
import { InboxManager } from './inboxes/inbox-manager.js';
import { inboxesRepository } from './inboxes/inboxes.repository.js';
import { inboxesRoutes } from './inboxes/inboxes.routes.js';
import { primaryChannel } from './inboxes/primary-channel.js';
import { analyticsModule } from './insight/analytics/analytics.module.js';
import { dashboardModule } from './insight/dashboard/dashboard.module.js';
import { createOrderLookup } from './integrations/order-lookup/order-lookup.module.js';
import { outboundWebhooksModule } from './integrations/webhooks/outbound-webhooks.module.js';
import { JobRunner } from './jobs/job-runner.js';
import './domain.js';

/**
 * How often at most a batch of short writes starts on SQLite (ms): an agent reply, a status or a job
 * round waits up to this long to share a commit. It also paces the job runner's rounds (each claims
 * at most its free slots), so it bounds how many jobs a second the runner can start: 20 ms halved
 * that and left a burst's replies queued long after the burst.
 */
const WRITES_GATHER_MS = 10;

/** Builds the messaging services, the inboxes' channels and the job runner; decorates `app.domain`. */
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

/** Socket client events answered by the same services as the REST calls, with the same visibility. */
function registerClientEvents(app: FastifyInstance, domain: Domain): void {
  const { visibility } = domain;
  app.realtime.onClientEvent('send:message', async (user, payload) => {
    await visibility.assertCanSee(user, payload.conversationId);
    await assertMayTakeOver(app.db, user, payload.conversationId);
    return {
      success: true,
      data: await domain.messaging.appendOutbound(payload.conversationId, user, {
        message: payload.message,
        type: 'text',
        replyTo: payload.replyTo ?? null,
      }),
    };
  });
  app.realtime.onClientEvent('takeover:start', async (user, payload) => {
    await visibility.assertCanSee(user, payload.conversationId);
    await assertMayTakeOver(app.db, user, payload.conversationId);
    return {
      success: true,
      data: await domain.messaging.changeHandler(payload.conversationId, takeOver(user)),
    };
  });
  app.realtime.onClientEvent('takeover:end', async (user, payload) => {
    await visibility.assertCanSee(user, payload.conversationId);
    return {
      success: true,
      data: await domain.messaging.changeHandler(payload.conversationId, handBack(user)),
    };
  });
  app.realtime.setConversationGuard((user, conversationId) => visibility.canSee(user, conversationId));
  app.realtime.setDashboardRouter(
    createDashboardRouter(
      visibility,
      dashboardLimits(app.db, () => domain.inboxes.anyLimited()),
      (conversationId) => domain.messaging.routingOf(conversationId),
    ),
  );
}

function registerHealthCheck(app: FastifyInstance, domain: Domain): void {
  app.healthChecks.register('WhatsApp', async () => {
    const statuses = domain.inboxes.statuses();
    if (statuses.length > 1) {
      const connected = statuses.filter((s) => s.connected).length;
      const detail = `${connected} de ${statuses.length} números conectados`;
      if (connected === statuses.length) return { status: 'operational', responseTime: null, detail };
      return { status: connected > 0 ? 'degraded' : 'error', responseTime: null, detail };
    }
    const status = domain.channel.status();
    if (status.connected)
      return { status: 'operational', responseTime: null, detail: `Conectado (${status.channel})` };
    if (status.state === 'qr')
      return { status: 'degraded', responseTime: null, detail: 'Aguardando leitura do QR Code' };
    if (status.state === 'connecting')
      return { status: 'degraded', responseTime: null, detail: 'Conectando' };
    return { status: 'error', responseTime: null, detail: 'Desconectado' };
  });
}

/**
 * The domain: channel, ingest, conversations, jobs, dashboard figures and the agent.
 * Registered by app.ts after the platform plugins (db, auth, realtime, errors).
 */
export interface DomainOptions {
  /** Passed to the agent (tests only). */
  agentPause?: AgentModuleOptions['pause'];
  /** Tests: a fake Baileys socket, media download without the network, short leases. */
  channels?: ChannelTestHooks;
}

export const domainPlugin = fp<DomainOptions>(
  async (app, options) => {
    const domain = createDomain(app, options.channels ?? {});
    app.decorate('domain', domain);

    await app.register(conversationsRoutes);
    await app.register(clientsRoutes);
    await app.register(whatsappRoutes);
    await app.register(inboxesRoutes);
    await app.register(templatesRoutes(domain.inboxes));
    // Each channel kind's own routes (a provider's webhook, the simulator's controls).
    for (const kind of domain.inboxes.kinds().values()) {
      if (kind.routes)
        await app.register(kind.routes(domain.inboxes.runningOf(kind.kind), domain.inboxes.sharedContext()));
    }
    registerClientEvents(app, domain);
    registerHealthCheck(app, domain);
    // Signed outbound webhooks: a delivery per domain event and subscribed endpoint, posted by jobs.
    await app.register(outboundWebhooksModule);
    // The AI agent (helper "agent"): agent_reply jobs, knowledge-base index, knowledge gaps.
    // The order lookup: its admin routes, and the agent's answer to "o pedido 1234 já foi enviado?".
    const orderLookup = createOrderLookup(app);
    await app.register(orderLookup.routes);
    await app.register(agentModule, { pause: options.agentPause, recordLookup: orderLookup.forAgent });

    // Dashboard figures and analytics (helper "metrics"): routes + live system:metrics.
    await app.register(dashboardModule);
    await app.register(analyticsModule);
    // Demo mode: seeds an empty database; simulated customers while running (SIMULATED_TRAFFIC).
    await app.register(demoPlugin);

    app.addHook('onReady', async () => {
      await domain.inboxes.start();
      await domain.jobs.start();
    });
    app.addHook('preClose', async () => {
      await domain.jobs.stop();
      await domain.messaging.drain();
      await domain.inboxes.stop();
    });
  },
  {
    name: 'atende-domain',
    dependencies: [
      'atende-db',
      'atende-auth',
      'atende-realtime',
      'atende-health-checks',
      'atende-domain-events',
    ],
  },
);
