import type { FastifyPluginAsync } from 'fastify';
import { satisfactionReplyJob, satisfactionSurveyJob } from '../../jobs/job-kinds.js';
import { now } from '../../lib/clock.js';
import { satisfactionRepository } from './satisfaction.repository.js';
import { satisfactionRoutes } from './satisfaction.routes.js';
import { surveyResolution } from './send-survey.js';
import { surveyReplies, thankCustomer } from './survey-replies.js';

/**
 * Customer satisfaction: every resolution (by a person, the agent or an automation) is recorded and
 * gets the survey, from the `conversation.status_changed` events; the answers are taken before they
 * reopen the conversation or reach the agent (messaging's inbound claims).
 */
export const satisfactionModule: FastifyPluginAsync = async (app) => {
  const { db, domain } = app;
  const repo = satisfactionRepository(db);
  const deps = { db, repo, messaging: domain.messaging, inboxes: domain.inboxes };

  domain.jobs.register(satisfactionSurveyJob, ({ conversationId, resolvedAt }) =>
    surveyResolution(deps, conversationId, resolvedAt),
  );
  domain.jobs.register(satisfactionReplyJob, ({ resolutionId, reply }) =>
    thankCustomer(deps, resolutionId, reply),
  );
  domain.messaging.claims.set(surveyReplies({ repo, jobs: domain.jobs }));

  // Resolutions heard on the bus become durable jobs, one transaction per turn of the event loop
  // (the few milliseconds between the resolution's commit and this one are the only gap).
  let resolved: Array<{ conversationId: string; resolvedAt: number }> = [];
  const record = async () => {
    const batch = resolved;
    resolved = [];
    try {
      await db.transaction().execute((trx) =>
        domain.jobs.enqueueMany(
          trx,
          batch.map((r) =>
            satisfactionSurveyJob.job(r, `${satisfactionSurveyJob.name}:${r.conversationId}:${r.resolvedAt}`),
          ),
        ),
      );
      domain.jobs.wake();
    } catch (error) {
      app.log.error({ err: error, resolutions: batch.length }, 'could not record resolutions');
    }
  };
  const unsubscribe = app.domainEvents.subscribe((event) => {
    if (event.type !== 'conversation.status_changed' || event.data.status !== 'completed') return;
    if (resolved.length === 0) setImmediate(() => void record());
    resolved.push({ conversationId: event.data.conversationId, resolvedAt: now() });
  });
  app.addHook('onClose', async () => unsubscribe());

  await app.register(satisfactionRoutes(repo));
};
