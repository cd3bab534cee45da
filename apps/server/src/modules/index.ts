import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type AgentModuleOptions, agentModule } from '../agent/agent.module.js';
import { channelStateRepository } from '../channels/channel-state.repository.js';
import { SimulatorChannel } from '../channels/simulator/simulator-channel.js';
import {
  type LinkedDeviceFactory,
  loadWhatsappWeb,
  type WhatsappWebLoadOptions,
} from '../channels/whatsapp-web/load-whatsapp-web.js';
import { whatsappLogoutRoutes } from '../channels/whatsapp-web/logout.routes.js';
import { JobRunner } from '../jobs/job-runner.js';
import { analyticsModule } from './analytics/analytics.module.js';
import { clientsRoutes } from './clients/clients.routes.js';
import { conversationsRoutes } from './conversations/conversations.routes.js';
import { dashboardModule } from './dashboard/dashboard.module.js';
import { demoPlugin } from './demo/demo-startup.js';
import type { Domain } from './domain.js';
import { mediaUrl } from './media/media-store.js';
import { handBack, lockConversationsInOrder, takeOver } from './messaging/change-handler.js';
import { createMessaging } from './messaging/messaging.js';
import { outboundWebhooksModule } from './outbound-webhooks/outbound-webhooks.module.js';
import { simulatorRoutes } from './simulator/simulator.routes.js';
import { createDashboardRouter } from './visibility/dashboard-router.js';
import { createVisibility } from './visibility/visibility.service.js';
import { type CloudApi, cloudApiModule, createCloudApi } from './webhooks/cloud-api.module.js';
import { createChannelSink } from './whatsapp/channel-sink.js';
import { registerOutboundJobs } from './whatsapp/outbound-jobs.js';
import { whatsappRoutes } from './whatsapp/whatsapp.routes.js';
import './domain.js';
import { transactionBatcher } from '../db/group-commit.js';

/** Builds the messaging services, the channel and the job runner; decorates `app.domain`. */
function createDomain(
  app: FastifyInstance,
  linkedDevice: LinkedDeviceFactory | null,
): {
  domain: Domain;
  simulator: SimulatorChannel;
  cloud: CloudApi | null;
} {
  const { db, realtime } = app;
  const kind = app.dbHandle.kind;
  const jobs = new JobRunner({ db, log: app.log, recoverRunningOnStart: kind === 'sqlite' });
  // Short writes (agent replies, simulated deliveries) share commits: one writer on SQLite, and on
  // PostgreSQL a round trip (BEGIN, COMMIT) and a WAL flush fewer per write.
  const writes = transactionBatcher(db, {
    batching: true,
    lockInOrder: kind === 'postgres' ? lockConversationsInOrder : undefined,
  });
  const messaging = createMessaging({ db, kind, realtime, domainEvents: app.domainEvents, jobs, writes });
  jobs.yieldWhile(() => messaging.underPressure());
  const sink = createChannelSink({ realtime, messaging });
  const linked = linkedDevice ? linkedDevice(sink, messaging) : null;
  const cloud = app.config.channel === 'cloud-api' ? createCloudApi(app, sink, messaging) : null;
  if (app.config.channel !== 'simulator' && !cloud && !linked) {
    throw new Error(`CHANNEL=${app.config.channel} ainda não está disponível; use CHANNEL=simulator`);
  }
  const simulator = new SimulatorChannel({
    db,
    state: channelStateRepository(db, 'simulator:default'),
    sink,
    writes,
  });
  const channel = linked ?? cloud?.channel ?? simulator;
  registerOutboundJobs({ jobs, channel, messaging });
  return { domain: { channel, jobs, messaging }, simulator, cloud };
}

/** Socket client events answered by the same services as the REST calls, with the same visibility. */
function registerClientEvents(app: FastifyInstance, domain: Domain): void {
  const visibility = createVisibility(app.db, domain.messaging);
  app.realtime.onClientEvent('send:message', async (user, payload) => {
    await visibility.assertCanSee(user, payload.conversationId);
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
  app.setMediaGuard(async (user, mediaId) => {
    if (!(await visibility.isRestricted(user))) return true;
    const conversationId = await domain.messaging.conversationOfMedia(mediaUrl(mediaId));
    return conversationId === undefined || (await visibility.canSee(user, conversationId));
  });
  app.realtime.setDashboardRouter(
    createDashboardRouter(visibility, (conversationId) => domain.messaging.holderOf(conversationId)),
  );
}

function registerHealthCheck(app: FastifyInstance, domain: Domain): void {
  app.healthChecks.register('WhatsApp', async () => {
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
  /** CHANNEL=whatsapp-web contract tests: a fake Baileys socket and media download. */
  whatsappWeb?: WhatsappWebLoadOptions;
}

export const domainPlugin = fp<DomainOptions>(
  async (app, options) => {
    const { domain, simulator, cloud } = createDomain(
      app,
      app.config.channel === 'whatsapp-web' ? await loadWhatsappWeb(app, options.whatsappWeb) : null,
    );
    app.decorate('domain', domain);

    await app.register(conversationsRoutes);
    await app.register(clientsRoutes);
    await app.register(whatsappRoutes);
    await app.register(whatsappLogoutRoutes);
    await app.register(simulatorRoutes(simulator));
    await app.register(cloudApiModule(cloud));
    registerClientEvents(app, domain);
    registerHealthCheck(app, domain);
    // Signed outbound webhooks: a delivery per domain event and subscribed endpoint, posted by jobs.
    await app.register(outboundWebhooksModule);
    // The AI agent (helper "agent"): agent_reply jobs, knowledge-base index, knowledge gaps.
    await app.register(agentModule, { pause: options.agentPause });

    // Dashboard figures and analytics (helper "metrics"): routes + live system:metrics.
    await app.register(dashboardModule);
    await app.register(analyticsModule);
    // Demo mode: seeds an empty database; simulated customers while running (SIMULATED_TRAFFIC).
    await app.register(demoPlugin);

    app.addHook('onReady', async () => {
      await domain.channel.start();
      await domain.jobs.start();
    });
    app.addHook('preClose', async () => {
      await domain.jobs.stop();
      await domain.messaging.drain();
      await domain.channel.stop();
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
