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

/** Each condition's folded words and compiled pattern, made once (conditions are immutable data). */
const foldedWords = new WeakMap<object, string[]>();
const compiled = new WeakMap<object, RegExp>();

/**
 * A `*`/`?` pattern over the whole folded text (no other syntax: nothing executes): `*boleto*`
 * anywhere, `boleto*` at the start, `*boleto` at the end. The ends' `*` become unanchored ends rather
 * than `.*`, which would make the engine retry from every position.
 */
export function patternToRegExp(pattern: string): RegExp {
  const folded = foldText(pattern);
  const open = { start: folded.startsWith('*'), end: folded.endsWith('*') };
  const core = folded.replace(/^\*+/, '').replace(/\*+$/, '');
  const body = core
    .split('')
    .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`${open.start ? '' : '^'}${body}${open.end ? '' : '$'}`);
}

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The event's local clock and whether the inbox is open then, worked out once per event. */
const clocks = new WeakMap<ConditionFacts, { day: number; minutes: number; open: boolean }>();
function clockOf(facts: ConditionFacts) {
  let clock = clocks.get(facts);
  if (!clock) {
    const local = localClock(facts.at, facts.hours.timeZone);
    clock = {
      day: local.day,
      minutes: local.minutes,
      open: facts.hours.enabled ? isOpen(facts.hours, facts.at) : true,
    };
    clocks.set(facts, clock);
  }
  return clock;
}

/** Whether one condition holds for these facts. */
export function holds(condition: AutomationCondition, facts: ConditionFacts): boolean {
  switch (condition.type) {
    case 'inbox':
      return condition.inboxIds.includes(facts.inboxId);
    case 'label':
      return facts.labels.includes(condition.labelId) === condition.present;
    case 'text_contains': {
      let words = foldedWords.get(condition);
      if (!words) {
        words = condition.words.map(foldText);
        foldedWords.set(condition, words);
      }
      return words.some((word) => facts.foldedText.includes(word));
    }
    case 'text_matches': {
      let pattern = compiled.get(condition);
      if (!pattern) {
        pattern = patternToRegExp(condition.pattern);
        compiled.set(condition, pattern);
      }
      return pattern.test(facts.foldedText);
    }
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
      return clockOf(facts).open === condition.inside;
    case 'day_time': {
      const clock = clockOf(facts);
      return (
        condition.days.includes(clock.day) &&
        clock.minutes >= toMinutes(condition.from) &&
        clock.minutes < toMinutes(condition.to)
      );
    }
  }
}
