import type { AutomationCondition, BusinessHours } from '@atende/contracts';
import { foldText } from '../lib/text/normalize.js';
import { isOpen, localClock } from './business-hours.js';

/** What a rule's conditions are checked against: one event on one conversation. */
export interface ConditionFacts {
  inboxId: string;
  /** The conversation's label ids. */
  labels: readonly string[];
  /** The customer's message, folded (no accents, lower case), for message events. */
  foldedText: string;
  client: { name: string | null; email: string | null; phone: string | null; notes: string | null };
  handler: 'ai' | 'waiting_human' | 'human' | 'paused' | string;
  confidence: number | null;
  at: number;
  hours: BusinessHours;
}

/** A `*`/`?` pattern as a regular expression over folded text (no other syntax: nothing executes). */
export function patternToRegExp(pattern: string): RegExp {
  const escaped = foldText(pattern)
    .split('')
    .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(escaped);
}

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether one condition holds for these facts. */
export function holds(condition: AutomationCondition, facts: ConditionFacts): boolean {
  switch (condition.type) {
    case 'inbox':
      return condition.inboxIds.includes(facts.inboxId);
    case 'label':
      return facts.labels.includes(condition.labelId) === condition.present;
    case 'text_contains':
      return condition.words.some((word) => facts.foldedText.includes(foldText(word)));
    case 'text_matches':
      return patternToRegExp(condition.pattern).test(facts.foldedText);
    case 'client_field': {
      const value = facts.client[condition.field];
      if (condition.operator === 'empty') return !value;
      if (condition.operator === 'not_empty') return Boolean(value);
      return Boolean(value) && foldText(value ?? '').includes(foldText(condition.value));
    }
    case 'handler':
      if (condition.handler === 'ai') return facts.handler === 'ai';
      if (condition.handler === 'waiting') return facts.handler === 'waiting_human';
      return facts.handler === 'human';
    case 'confidence_below':
      return facts.confidence !== null && facts.confidence < condition.threshold;
    case 'business_hours':
      return (facts.hours.enabled ? isOpen(facts.hours, facts.at) : true) === condition.inside;
    case 'day_time': {
      const clock = localClock(facts.at, facts.hours.timeZone);
      return (
        condition.days.includes(clock.day) &&
        clock.minutes >= toMinutes(condition.from) &&
        clock.minutes < toMinutes(condition.to)
      );
    }
  }
}
