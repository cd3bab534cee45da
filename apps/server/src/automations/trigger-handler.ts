import { AsyncLocalStorage } from 'node:async_hooks';
import type { AutomationEvent, AutomationRule } from '@atende/contracts';
import type { Transaction } from 'kysely';
import type { Trigger } from '../conversations/messaging/triggers.js';
import type { Database } from '../db/schema.js';
import { automationRunJob, type QueuedJob } from '../jobs/job-kinds.js';
import type { JobRunner } from '../jobs/job-runner.js';
import { foldText } from '../lib/text/normalize.js';
import { isOpen } from './business-hours.js';
import { type ConditionFacts, holds } from './conditions.js';
import { recordRun } from './rules.repository.js';
import { hasEffect, type RulesCache } from './rules-cache.js';

/** How many rules may lead into each other (a rule's actions triggering another's) before the cut. */
export const MAX_CHAIN = 3;

/** The rules whose actions are running now (set by the run job around them). */
export const ruleChain = new AsyncLocalStorage<readonly string[]>();

/** The customer's fields a `client_field` condition reads, only looked up when a rule needs them. */
async function clientFields(trx: Transaction<Database>, clientId: string) {
  const row = await trx
    .selectFrom('clients')
    .select(['name', 'email', 'phone', 'notes'])
    .where('id', '=', clientId)
    .executeTakeFirst();
  return row ?? { name: null, email: null, phone: null, notes: null };
}

/**
 * The agent's confidence in its last answer on the conversation (null when it has not answered): a
 * hand-off by the agent is stored with that answer, in the transaction this runs in.
 */
async function agentConfidence(trx: Transaction<Database>, conversationId: string): Promise<number | null> {
  const row = await trx
    .selectFrom('messages')
    .select('confidence_score')
    .where('conversation_id', '=', conversationId)
    .where('ai_generated', '=', 1)
    .orderBy('timestamp', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.confidence_score ?? null;
}

/** E-mail and notes are not in the trigger: a condition on them reads the client row. */
const readsStoredClient = (condition: AutomationRule['conditions'][number]) =>
  condition.type === 'client_field' && (condition.field === 'email' || condition.field === 'notes');

function labelsOf(tags: string): string[] {
  try {
    const parsed: unknown = JSON.parse(tags);
    return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Messaging's triggers, inside the transaction that caused them: each enabled rule of the event whose
 * conditions hold gets an `automation_run` job in that same transaction (deduplicated by rule and
 * event), so a crash loses none and a replay doubles none. A rule never reacts to its own actions;
 * past MAX_CHAIN rules in a row (a loop of rules that trigger each other included) the chain is cut,
 * and the cut is logged on the conversation.
 */
export function triggerHandler(deps: { cache: RulesCache; jobs: JobRunner }) {
  return async (trx: Transaction<Database>, triggers: readonly Trigger[]): Promise<void> => {
    const chain = ruleChain.getStore() ?? [];
    const jobs: QueuedJob[] = [];
    for (const trigger of triggers) {
      const events: AutomationEvent[] = [trigger.event];
      const hours = deps.cache.hoursOf(trigger.conversation.inbox_id);
      if (trigger.event === 'message_received' && hours.enabled && !isOpen(hours, trigger.at))
        events.push('outside_business_hours');
      const { conversation } = trigger;
      let facts: ConditionFacts = {
        inboxId: conversation.inbox_id,
        labels: labelsOf(conversation.tags),
        foldedText: foldText(trigger.text ?? ''),
        client: {
          name: conversation.client_name,
          phone: conversation.client_phone,
          email: null,
          notes: null,
        },
        handler: conversation.handler_mode,
        confidence: trigger.confidence ?? null,
        at: trigger.at,
        hours,
      };
      let clientLoaded = false;
      let confidenceLoaded = trigger.confidence !== undefined;
      for (const event of events) {
        for (const rule of deps.cache.rulesFor(event)) {
          // Its own actions never trigger it; another rule's may, and a loop of rules stops at MAX_CHAIN.
          if (chain.at(-1) === rule.id || !hasEffect(rule, hours)) continue;
          let matched = true;
          for (const condition of rule.conditions) {
            // What the trigger does not carry is read once, and only when a condition gets to it.
            if (!clientLoaded && readsStoredClient(condition)) {
              facts = { ...facts, client: await clientFields(trx, conversation.client_id) };
              clientLoaded = true;
            } else if (!confidenceLoaded && condition.type === 'confidence_below') {
              facts = { ...facts, confidence: await agentConfidence(trx, conversation.id) };
              confidenceLoaded = true;
            }
            if (!holds(condition, facts)) {
              matched = false;
              break;
            }
          }
          if (!matched) continue;
          const eventId = event === trigger.event ? trigger.eventId : `${event}:${trigger.eventId}`;
          if (chain.length >= MAX_CHAIN) {
            await recordRun(trx, {
              ruleId: rule.id,
              ruleName: rule.name,
              conversationId: trigger.conversation.id,
              event,
              eventId,
              outcome: 'cut',
              lines: [`cadeia de ${MAX_CHAIN} regras seguidas interrompida: esta regra não rodou`],
            });
            continue;
          }
          jobs.push(
            automationRunJob.job(
              { ruleId: rule.id, conversationId: trigger.conversation.id, event, eventId, chain: [...chain] },
              `${automationRunJob.name}:${rule.id}:${eventId}`,
            ),
          );
        }
      }
    }
    if (jobs.length === 0) return;
    await deps.jobs.enqueueMany(trx, jobs);
    // After this transaction commits (a short delay: it is still open here).
    setTimeout(() => deps.jobs.wake(), 20).unref();
  };
}
