import type { FastifyInstance } from 'fastify';
import { webhookDeliverJob } from '../../jobs/job-kinds.js';
import { createSafeFetch } from '../../lib/safe-fetch.js';
import { createWebhookDeliverer } from './deliver-webhook.js';
import { createDeliveryRecorder } from './record-deliveries.js';
import { webhookDeliveriesRepository } from './webhook-deliveries.repository.js';
import { webhookEndpointsRepository } from './webhook-endpoints.repository.js';
import { webhooksRoutes } from './webhooks.routes.js';

/**
 * Signed outbound webhooks (Standard Webhooks): subscribes to the domain events, records a delivery
 * per event and subscribed endpoint, and posts them through the `webhook_deliver` jobs, with the
 * private-address guard (INTEGRATIONS_ALLOW_PRIVATE lets a receiver on this machine or the LAN in).
 * Registered by the domain plugin after `app.domain` exists.
 */
export async function outboundWebhooksModule(app: FastifyInstance): Promise<void> {
  const endpoints = webhookEndpointsRepository(app.db);
  const deliveries = webhookDeliveriesRepository(app.db);
  const jobs = app.domain.jobs;
  const recorder = createDeliveryRecorder({ db: app.db, jobs, endpoints, deliveries, log: app.log });
  const unsubscribe = app.domainEvents.subscribe(recorder.onEvent);
  // On shutdown, what was gathered is recorded before the database closes.
  app.addHook('preClose', async () => {
    unsubscribe();
    await recorder.flush();
  });
  const deliver = createWebhookDeliverer({
    db: app.db,
    jobs,
    fetch: createSafeFetch({ allowPrivate: app.config.integrationsAllowPrivate }),
    endpoints,
    deliveries,
  });
  // The schedule is the deliverer's (a new job per retry): a job that throws is a bug, retried a little.
  jobs.register(webhookDeliverJob, deliver, { maxAttempts: 3 });
  await app.register(webhooksRoutes({ endpoints, deliveries }));
}
