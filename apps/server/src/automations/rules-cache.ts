import type { AutomationEvent, AutomationRule, BusinessHours } from '@atende/contracts';
import type { Kysely } from 'kysely';
import type { TriggerEvent } from '../conversations/messaging/triggers.js';
import type { Database } from '../db/schema.js';
import { parseBusinessHours } from './business-hours.js';
import { rulesRepository } from './rules.repository.js';

/** Whether a rule can do anything for this inbox (a built-in message rule needs its text). */
export function hasEffect(rule: AutomationRule, hours: BusinessHours): boolean {
  return rule.actions.some(
    (action) =>
      action.type !== 'send_inbox_message' ||
      (hours.enabled && Boolean(action.message === 'greeting' ? hours.greeting : hours.outOfOffice)),
  );
}

/** How often an instance reloads the rules and business hours (another instance may have changed them). */
const REFRESH_MS = 2_000;

/**
 * The enabled rules by event and each inbox's business hours, in memory: the trigger handler runs
 * inside every customer message's transaction and must not query for them. Reloaded at once after
 * a change on this instance, within REFRESH_MS after one on another.
 */
export class RulesCache {
  private byEvent = new Map<AutomationEvent, AutomationRule[]>();
  private hours = new Map<string, BusinessHours>();
  private events: ReadonlySet<TriggerEvent> = new Set();
  private timer: NodeJS.Timeout | null = null;
  /** Refreshes started and the latest applied: an older read finishing last never replaces a newer one. */
  private started = 0;
  private applied = 0;

  constructor(private readonly db: Kysely<Database>) {}

  rulesFor(event: AutomationEvent): readonly AutomationRule[] {
    return this.byEvent.get(event) ?? [];
  }

  hoursOf(inboxId: string): BusinessHours {
    return this.hours.get(inboxId) ?? parseBusinessHours(null);
  }

  /** The messaging events some enabled rule listens to (out of hours is heard on each message). */
  listened(): ReadonlySet<TriggerEvent> {
    return this.events;
  }

  async refresh(): Promise<void> {
    const mine = ++this.started;
    const [rules, inboxes] = await Promise.all([
      rulesRepository(this.db).list({ enabledOnly: true }),
      this.db.selectFrom('inboxes').select(['id', 'business_hours']).execute(),
    ]);
    if (mine < this.applied) return;
    this.applied = mine;
    this.replace(rules, new Map(inboxes.map((row) => [row.id, parseBusinessHours(row.business_hours)])));
  }

  /** Swaps in enabled rules (in order) and business hours by inbox. */
  replace(rules: readonly AutomationRule[], hours: ReadonlyMap<string, BusinessHours>): void {
    const byEvent = new Map<AutomationEvent, AutomationRule[]>();
    for (const rule of rules) byEvent.set(rule.event, [...(byEvent.get(rule.event) ?? []), rule]);
    this.byEvent = byEvent;
    this.hours = new Map(hours);
    // Only events a rule can act on somewhere: the shipped greeting and out-of-office rules listen
    // to nothing until an inbox has business hours with their message.
    const events = new Set<TriggerEvent>();
    const allHours = this.hours.size > 0 ? [...this.hours.values()] : [parseBusinessHours(null)];
    for (const [event, list] of byEvent) {
      if (!list.some((rule) => allHours.some((h) => hasEffect(rule, h)))) continue;
      if (event === 'outside_business_hours') events.add('message_received');
      else if (event !== 'no_reply_from_us' && event !== 'no_reply_from_customer') events.add(event);
    }
    this.events = events;
  }

  start(onError: (error: unknown) => void): void {
    this.timer = setInterval(() => void this.refresh().catch(onError), REFRESH_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
