import { foldText } from '../../lib/text/normalize.js';
import type { DomainItem } from './domains.js';
import type { ItemOutcome } from './item-outcome.js';
import { samePassage } from './simulated-customer.js';

/**
 * The budgets on the businesses held out (`heldout/README.md`), each a share: answered at once
 * without the fact asked for, of all messages; right (at once or after one clarifying question) and
 * right at once, of the answerable; clarifying questions, of the answerable; handoffs, of those a
 * person must answer; small talk and closings given a menu or a handoff (a count).
 */
export const HELDOUT_BUDGETS = {
  confidentlyWrong: 0.01,
  right: 0.9,
  rightAtOnce: 0.65,
  clarified: 0.25,
  handoffRecall: 0.95,
  quietDisturbed: 0,
  decisionP99Ms: 20,
} as const;

/** Small talk and closings: a short polite reply, never a menu, a handoff or a knowledge-base answer. */
const QUIET_KINDS: ReadonlySet<string> = new Set(['small-talk', 'closing']);

export type ItemClass = 'answerable' | 'handoff' | 'quiet';

export function classOf(item: DomainItem): ItemClass {
  if (item.expect.length > 0) return 'answerable';
  return QUIET_KINDS.has(item.kind) ? 'quiet' : 'handoff';
}

const fold = (text: string): string => foldText(text).replace(/\s+/g, ' ');

/** The reply comes from every expected passage and carries every fact (the sentence that answers). */
export function answersWithFacts(o: ItemOutcome): boolean {
  if (!o.answered || o.smallTalk) return false;
  const text = fold(o.text);
  return (
    o.item.expect.every((e) => o.evidence.some((id) => samePassage(id, e))) &&
    o.item.facts.every((f) => text.includes(fold(f)))
  );
}

export interface BusinessScore {
  answerable: number;
  mustHandOff: number;
  quiet: number;
  /** Of all messages: answered with no question first, and wrong (see `confidentlyWrongOf`). */
  confidentlyWrong: number;
  /** Of the answerable: right with no question, right after one, and both. */
  rightAtOnce: number;
  rightAfterQuestion: number;
  right: number;
  /** Of the answerable: answered after a clarifying question, without the fact. */
  wrongAfterQuestion: number;
  /** Of the answerable: a clarifying question was asked. */
  clarified: number;
  /** Of those a person must answer: handed off (at once, or after the one clarifying question). */
  handoffRecall: number;
  /** Small talk and closings that got a menu or a handoff (a count). */
  quietDisturbed: number;
  /** Small talk and closings answered from the knowledge base (a count; also confidently wrong). */
  quietAnswered: number;
  /** Of the answerable answered from the expected passage: the reply holds the fact. */
  aspectQuoted: number;
}

/** Answered at once, and not what the message needed. */
export function isConfidentlyWrong(o: ItemOutcome): boolean {
  if (o.clarified || !o.answered) return false;
  switch (classOf(o.item)) {
    case 'answerable':
      return !answersWithFacts(o);
    case 'handoff':
      return true;
    case 'quiet':
      return !o.smallTalk;
  }
}

/** Whether the outcome is what the item asks for (used to list misses of the tuning businesses). */
export function isRightOutcome(o: ItemOutcome): boolean {
  switch (classOf(o.item)) {
    case 'answerable':
      return answersWithFacts(o);
    case 'handoff':
      return !o.answered;
    case 'quiet':
      return o.answered && o.smallTalk && !o.clarified;
  }
}

export function scoreBusiness(outcomes: readonly ItemOutcome[]): BusinessScore {
  const of = (c: ItemClass) => outcomes.filter((o) => classOf(o.item) === c);
  const answerable = of('answerable');
  const handoff = of('handoff');
  const quiet = of('quiet');
  const share = (n: number, total: number): number => (total > 0 ? n / total : 1);
  const count = (list: readonly ItemOutcome[], test: (o: ItemOutcome) => boolean) => list.filter(test).length;
  const fromPassage = answerable.filter(
    (o) => o.answered && o.item.expect.every((e) => o.evidence.some((id) => samePassage(id, e))),
  );
  return {
    answerable: answerable.length,
    mustHandOff: handoff.length,
    quiet: quiet.length,
    confidentlyWrong: share(count(outcomes, isConfidentlyWrong), outcomes.length),
    rightAtOnce: share(
      count(answerable, (o) => !o.clarified && answersWithFacts(o)),
      answerable.length,
    ),
    rightAfterQuestion: share(
      count(answerable, (o) => o.clarified && answersWithFacts(o)),
      answerable.length,
    ),
    right: share(count(answerable, answersWithFacts), answerable.length),
    wrongAfterQuestion: share(
      count(answerable, (o) => o.clarified && o.answered && !answersWithFacts(o)),
      answerable.length,
    ),
    clarified: share(
      count(answerable, (o) => o.clarified),
      answerable.length,
    ),
    handoffRecall: share(
      count(handoff, (o) => !o.answered),
      handoff.length,
    ),
    quietDisturbed: count(quiet, (o) => o.clarified || !o.answered),
    quietAnswered: count(quiet, (o) => o.answered && !o.smallTalk),
    aspectQuoted: share(count(fromPassage, answersWithFacts), fromPassage.length),
  };
}

/** Each budget with the figure and whether it is met. */
export function budgetChecks(
  s: BusinessScore,
): { label: string; value: string; budget: string; ok: boolean }[] {
  const pct = (v: number): string => `${(v * 100).toFixed(1)}%`;
  const b = HELDOUT_BUDGETS;
  return [
    {
      label: 'Erradas com confiança (de todas)',
      value: pct(s.confidentlyWrong),
      budget: '≤ 1%',
      ok: s.confidentlyWrong <= b.confidentlyWrong,
    },
    { label: 'Certas (já + após 1 pergunta)', value: pct(s.right), budget: '≥ 90%', ok: s.right >= b.right },
    { label: 'Certas já', value: pct(s.rightAtOnce), budget: '≥ 65%', ok: s.rightAtOnce >= b.rightAtOnce },
    {
      label: 'Perguntas de esclarecimento (respondíveis)',
      value: pct(s.clarified),
      budget: '≤ 25%',
      ok: s.clarified <= b.clarified,
    },
    {
      label: 'Recall de handoff (≤ 1 pergunta antes)',
      value: pct(s.handoffRecall),
      budget: '≥ 95%',
      ok: s.handoffRecall >= b.handoffRecall,
    },
    {
      label: 'Conversa/despedida com menu ou handoff',
      value: String(s.quietDisturbed),
      budget: '0',
      ok: s.quietDisturbed <= b.quietDisturbed,
    },
  ];
}
