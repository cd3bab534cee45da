import type { FastifyInstance } from 'fastify';
import { conversationSweepJob, conversationWakeJob } from '../../jobs/job-kinds.js';
import { getSettings, onSettingsSaved } from '../../kernel/settings/settings.service.js';
import { now } from '../../lib/clock.js';
import type { AutoAssignment } from './auto-assign.js';

/** How often the team's clock runs: abandoned conversations found, the queue offered again. */
export const SWEEP_EVERY_MS = 2 * 60_000;

/**
 * What happens with time and presence: snoozed conversations wake at their hour (a durable job each),
 * every SWEEP_EVERY_MS one run across the cluster (its slot is the job's dedupe key) marks silent
 * conversations abandoned and offers the waiting ones again — and one more run at the instant the
 * longest-silent conversation reaches the abandon time, when that comes sooner, and one as soon as
 * an admin saves the conversation rules (a shorter time applies at once); a hand-off is offered at
 * once, and the queue again whenever someone comes online or a conversation stops taking a person's
 * place.
 */
export function startTeamClock(app: FastifyInstance, assignment: AutoAssignment): void {
  const { jobs, messaging } = app.domain;
  const enqueueSweep = (runAt: number, dedupeKey: string) =>
    jobs.enqueue(app.db, conversationSweepJob, {}, { dedupeKey, runAt });
  const schedule = async (at: number, abandonAt: number | null) => {
    const slot = Math.floor(at / SWEEP_EVERY_MS) + 1;
    await enqueueSweep(slot * SWEEP_EVERY_MS, `${conversationSweepJob.name}:${slot}`);
    if (abandonAt !== null && abandonAt < slot * SWEEP_EVERY_MS) {
      await enqueueSweep(Math.max(abandonAt, at), `${conversationSweepJob.name}:at:${abandonAt}`);
    }
  };
  jobs.register(conversationWakeJob, async ({ conversationId, until }) => {
    await messaging.wake(conversationId, until);
  });
  jobs.register(conversationSweepJob, async () => {
    const at = now();
    const { abandonAfterMinutes } = await getSettings(app.db, 'conversation-rules');
    await messaging.abandonSilent(abandonAfterMinutes, at);
    await assignment.drain();
    await schedule(at, await messaging.nextAbandonAt(abandonAfterMinutes));
  });
  app.addHook('onReady', async () => {
    await schedule(now(), null);
  });
  const stopRules = onSettingsSaved(app.db, 'conversation-rules', () => {
    const at = now();
    return enqueueSweep(at, `${conversationSweepJob.name}:rules:${at}`)
      .then(() => jobs.wake())
      .catch((err: unknown) => {
        app.log.error({ err }, 'could not schedule the sweep after the conversation rules changed');
      });
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
    stopRules();
    await assignment.idle();
  });
}
