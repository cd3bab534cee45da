import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { agentModule } from '../agent/agent.module.js';
import { channelStateRepository } from '../channels/channel-state.repository.js';
import { SimulatorChannel } from '../channels/simulator/simulator-channel.js';
import { demoPlugin } from '../db/seed/demo-startup.js';
import { JobRunner } from '../jobs/job-runner.js';
import { analyticsModule } from './analytics/analytics.module.js';
import { clientsRoutes } from './clients/clients.routes.js';
import { conversationsRoutes } from './conversations/conversations.routes.js';
import { createHandlerService } from './conversations/handler.service.js';
import { createReactService } from './conversations/react.service.js';
import { createSendMessageService } from './conversations/send-message.service.js';
import { dashboardModule } from './dashboard/dashboard.module.js';
import type { Domain } from './domain.js';
import { IngestQueue } from './ingest/ingest-queue.js';
import { StatusBatcher } from './messages/status-batcher.js';
import { simulatorRoutes } from './simulator/simulator.routes.js';
import { createChannelSink } from './whatsapp/channel-sink.js';
import { registerOutboundJobs } from './whatsapp/outbound-jobs.js';
import { whatsappRoutes } from './whatsapp/whatsapp.routes.js';
import './domain.js';
import { GroupCommit } from '../db/group-commit.js';

/** Builds the messaging services, the channel and the job runner; decorates `app.domain`. */
function createDomain(app: FastifyInstance): { domain: Domain; simulator: SimulatorChannel } {
  const { db, realtime } = app;
  const kind = app.dbHandle.kind;
  const jobs = new JobRunner({ db, log: app.log, recoverRunningOnStart: kind === 'sqlite' });
  const handler = createHandlerService({ db, kind, realtime });
  const messages = createSendMessageService({ db, kind, realtime, jobs });
  const reactions = createReactService({ db, realtime, jobs });
  const ingest = new IngestQueue({ db, jobs, realtime });
  jobs.yieldWhile(() => ingest.underPressure());
  const statuses = new StatusBatcher({ db, realtime });
  const sink = createChannelSink({ db, realtime, ingest, reactions, statuses });
  if (app.config.channel !== 'simulator') {
    throw new Error(`CHANNEL=${app.config.channel} ainda não está disponível; use CHANNEL=simulator`);
  }
  const simulator = new SimulatorChannel({
    db,
    state: channelStateRepository(db, 'simulator:default'),
    sink,
    writes: new GroupCommit(db, { enabled: kind === 'sqlite' }),
  });
  registerOutboundJobs({ db, realtime, jobs, channel: simulator, statuses });
  return { domain: { channel: simulator, jobs, ingest, handler, messages, reactions }, simulator };
}

/** Socket client events answered by the same services as the REST calls. */
function registerClientEvents(app: FastifyInstance, domain: Domain): void {
  app.realtime.onClientEvent('send:message', async (user, payload) => ({
    success: true,
    data: await domain.messages.send(payload.conversationId, user, {
      message: payload.message,
      type: 'text',
      replyTo: payload.replyTo ?? null,
    }),
  }));
  app.realtime.onClientEvent('takeover:start', async (user, payload) => ({
    success: true,
    data: await domain.handler.takeOver(payload.conversationId, user),
  }));
  app.realtime.onClientEvent('takeover:end', async (user, payload) => ({
    success: true,
    data: await domain.handler.handBack(payload.conversationId, user),
  }));
  app.realtime.setConversationGuard(async (_user, conversationId) => {
    const row = await app.db
      .selectFrom('conversations')
      .select('id')
      .where('id', '=', conversationId)
      .executeTakeFirst();
    return Boolean(row);
  });
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
export const domainPlugin: FastifyPluginAsync = fp(
  async (app) => {
    const { domain, simulator } = createDomain(app);
    app.decorate('domain', domain);

    await app.register(conversationsRoutes);
    await app.register(clientsRoutes);
    await app.register(whatsappRoutes);
    await app.register(simulatorRoutes(simulator));
    registerClientEvents(app, domain);
    registerHealthCheck(app, domain);
    // The AI agent (helper "agent"): agent_reply jobs, knowledge-base index, knowledge gaps.
    await app.register(agentModule);

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
      await domain.ingest.drain();
      await domain.channel.stop();
    });
  },
  {
    name: 'atende-domain',
    dependencies: ['atende-db', 'atende-auth', 'atende-realtime', 'atende-health-checks'],
  },
);
