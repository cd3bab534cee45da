import type { FastifyInstance } from 'fastify';
import { type SqlBool, sql } from 'kysely';
import { automationRunJob, automationSweepJob } from '../jobs/job-kinds.js';
import { now } from '../lib/clock.js';
import { runActions } from './actions.js';
import { alreadyRan, recordRun, rulesRepository } from './rules.repository.js';
import type { RulesCache } from './rules-cache.js';
import { RunJournal, type RunPause } from './run-journal.js';
import { ruleChain } from './trigger-handler.js';

/** How often the waiting events are looked for (no reply from us / from the customer). */
export const AUTOMATION_SWEEP_MS = 60_000;
const SWEEP_BATCH = 200;

/**
 * The `automation_run` jobs: a rule's actions for one event, at most once per event (the run's unique
 * key; a job that runs again after a crash finds it and stops, or goes on from the journal of what it
 * did), inside the rule chain so its own actions never trigger it again. And the sweep that
 * turns waiting into events: a conversation waiting on us or on the customer for a rule's time.
 */
export function registerRuleJobs(app: FastifyInstance, cache: RulesCache, pause?: RunPause): void {
  const { jobs } = app.domain;
  const rules = rulesRepository(app.db);

  jobs.register(automationRunJob, async ({ ruleId, conversationId, event, eventId, chain }) => {
    if (await alreadyRan(app.db, ruleId, eventId)) return;
    const rule = await rules.get(ruleId).catch(() => null);
    const run = { ruleId, ruleName: rule?.name ?? 'regra excluída', conversationId, event, eventId };
    if (!rule?.enabled) {
      await recordRun(app.db, {
        ...run,
        outcome: 'skipped',
        lines: ['regra desligada ou excluída antes de rodar'],
      });
      return;
    }
    const exists = await app.db
      .selectFrom('conversations')
      .select('id')
      .where('id', '=', conversationId)
      .executeTakeFirst();
    if (!exists) return;
    const journal = await RunJournal.open(app.db, run, pause);
    const lines = await ruleChain.run([...chain, rule.id], () =>
      runActions(app, conversationId, rule.actions, {
        label: `regra ${rule.name}`,
        runKey: `${rule.id}:${eventId}`,
        ruleId: rule.id,
        person: null,
        event,
        journal,
      }),
    );
    await journal.finish(lines.some((line) => line.startsWith('falhou')) ? 'failed' : 'done', lines);
  });

  const schedule = async (at: number) => {
    const slot = Math.floor(at / AUTOMATION_SWEEP_MS) + 1;
    await jobs.enqueue(
      app.db,
      automationSweepJob,
      {},
      {
        dedupeKey: `${automationSweepJob.name}:${slot}`,
        runAt: slot * AUTOMATION_SWEEP_MS,
      },
    );
  };
  jobs.register(automationSweepJob, async () => {
    const at = now();
    const queued = [];
    for (const rule of [...cache.rulesFor('no_reply_from_us'), ...cache.rulesFor('no_reply_from_customer')]) {
      const waitingOnUs = rule.event === 'no_reply_from_us';
      let query = app.db
        .selectFrom('conversations as c')
        .innerJoin('inboxes as i', 'i.id', 'c.inbox_id')
        .select(['c.id', 'c.awaiting_since', 'c.last_message_time'])
        .where('c.status', '=', 'active')
        .where('c.archived_at', 'is', null)
        .limit(SWEEP_BATCH);
      if (waitingOnUs && rule.after === null) {
        // No time of its own: when the inbox's first-response target (SLA) is missed.
        query = query
          .where('i.sla_first_response_minutes', 'is not', null)
          .where('c.awaiting_since', 'is not', null)
          .where(sql<SqlBool>`c.awaiting_since + i.sla_first_response_minutes * 60000 < ${at}`);
      } else {
        const since = at - (rule.after ?? 1) * (waitingOnUs ? 60_000 : 3_600_000);
        query = waitingOnUs
          ? query.where('c.awaiting_since', '<', since)
          : query.where('c.awaiting_since', 'is', null).where('c.last_message_time', '<', since);
      }
      for (const row of await query.execute()) {
        // The wait it is about identifies the event: a new wait is a new event, the same one is not.
        const eventId = `${rule.event}:${row.id}:${waitingOnUs ? row.awaiting_since : row.last_message_time}`;
        queued.push(
          automationRunJob.job(
            { ruleId: rule.id, conversationId: row.id, event: rule.event, eventId, chain: [] },
            `${automationRunJob.name}:${rule.id}:${eventId}`,
          ),
        );
      }
    }
    if (queued.length > 0) await jobs.enqueueMany(app.db, queued);
    await schedule(at);
  });
  app.addHook('onReady', async () => {
    await schedule(now());
  });
}
