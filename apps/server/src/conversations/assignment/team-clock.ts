import type { FastifyInstance } from 'fastify';
import { conversationSweepJob, conversationWakeJob } from '../../jobs/job-kinds.js';
import { getSettings } from '../../kernel/settings/settings.service.js';
import { now } from '../../lib/clock.js';
import type { AutoAssignment } from './auto-assign.js';

/** How often the team's clock runs: abandoned conversations found, the queue offered again. */
export const SWEEP_EVERY_MS = 2 * 60_000;

/**
 * What happens with time and presence: snoozed conversations wake at their hour (a durable job each),
 * every SWEEP_EVERY_MS one run across the cluster (its slot is the job's dedupe key) marks silent
 * conversations abandoned and offers the waiting ones again; a hand-off is offered at once, and the
 * queue again whenever someone comes online or a conversation stops taking a person's place.
 */
export function startTeamClock(app: FastifyInstance, assignment: AutoAssignment): void {
  const { jobs, messaging } = app.domain;
  const schedule = async (at: number) => {
    const slot = Math.floor(at / SWEEP_EVERY_MS) + 1;
    await jobs.enqueue(
      app.db,
      conversationSweepJob,
      {},
      {
        dedupeKey: `${conversationSweepJob.name}:${slot}`,
        runAt: slot * SWEEP_EVERY_MS,
      },
    );
  };
  jobs.register(conversationWakeJob, async ({ conversationId, until }) => {
    await messaging.wake(conversationId, until);
  });
  jobs.register(conversationSweepJob, async () => {
    const at = now();
    const rules = await getSettings(app.db, 'conversation-rules');
    await messaging.abandonSilent(rules.abandonAfterHours, at);
    await assignment.drain();
    await schedule(at);
  });
  app.addHook('onReady', async () => {
    await schedule(now());
  });

  const stopEvents = app.domainEvents.subscribe((event) => {
    if (event.type === 'conversation.handed_off') {
      assignment.assignOne(event.data.conversationId).catch((err) => {
        app.log.error({ err }, 'automatic assignment failed');
      });
    } else if (event.type === 'conversation.status_changed' && event.data.previousStatus === 'active') {
      assignment.drainSoon();
    }
  });
  const stopAvailability = app.availability.onChange((_userId, availability) => {
    if (availability === 'online') assignment.drainSoon();
  });
  app.addHook('onClose', async () => {
    stopEvents();
    stopAvailability();
    await assignment.idle();
  });
}
