import { agentConfigSchema } from '@atende/contracts';
import { foldText } from '../../lib/text/normalize.js';
import { type Decision, decide } from '../decide.js';
import type { AgentProvider } from '../provider.js';
import { type ConfidenceFeatures, calibrate, featuresOf } from '../retrieval/confidence.js';
import { KnowledgeIndex } from '../retrieval/kb-index.js';
import { retrieve } from '../retrieval/retrieve.js';
import { DEFAULT_TUNING, type Tuning } from '../retrieval/tuning.js';
import { createRetrievalProvider } from '../retrieval-provider.js';
import type { Domain } from './domains.js';
import { fitBand } from './fit-band.js';
import { fitLogistic } from './fit-calibration.js';
import { customerReply, samePassage } from './simulated-customer.js';

export { samePassage };

const defaults = agentConfigSchema.parse({});
export const SETTINGS = {
  confidenceThreshold: defaults.confidenceThreshold,
  handoffKeywords: defaults.handoffKeywords,
  assistantName: defaults.assistantName,
};

import type { ItemOutcome } from './item-outcome.js';

export type { ItemOutcome };

export interface DomainScore {
  inScope: number;
  outOfScope: number;
  /** In scope: answered from the expected passage (two questions: both, or handed off). */
  accuracy: number;
  /** Out of scope: handed off. */
  handoffRecall: number;
  /** In scope handed off (a two-question message handed off is allowed and not counted). */
  falseHandoffs: number;
  /** In scope and answered right: the reply contains the answering text. */
  factsQuoted: number;
  twoQuestions: number;
  twoQuestionsBothAnswered: number;
  followUps: number;
  followUpsRight: number;
  /** Of all questions: answered from the wrong passage, or answered when a person was needed. */
  wrong: number;
  /** In scope: right without a clarifying question, and right after one. */
  rightAtOnce: number;
  rightAfterClarification: number;
  /** Of all questions: a clarifying question was asked. */
  clarified: number;
  /** Of all questions: handed off (at once or after a clarifying question). */
  handoffs: number;
  /** In scope, one question: the expected passage among the first two and three retrieved. */
  inFirstTwo: number;
  inFirstThree: number;
}

const fold = (text: string): string => foldText(text).replace(/\s+/g, ' ');

export function isRight(o: ItemOutcome): boolean {
  const { expect } = o.item;
  if (expect.length === 0) return !o.answered;
  if (!o.answered) return expect.length > 1;
  if (expect.length === 1) return o.evidence[0] !== undefined && samePassage(o.evidence[0], expect[0]!);
  // Both questions answered: both passages used, and each one's answering text in the reply.
  return (
    expect.every((e) => o.evidence.some((id) => samePassage(id, e))) &&
    o.item.facts.every((f) => fold(o.text).includes(fold(f)))
  );
}

export function scoreOutcomes(outcomes: readonly ItemOutcome[]): DomainScore {
  const inScope = outcomes.filter((o) => o.item.expect.length > 0);
  const outOfScope = outcomes.filter((o) => o.item.expect.length === 0);
  const right = inScope.filter(isRight);
  const two = inScope.filter((o) => o.item.expect.length > 1);
  const quoted = right.filter((o) => o.answered && o.item.facts.length > 0);
  const followUps = inScope.filter((o) => o.item.kind === 'follow-up');
  const ratio = (a: number, b: number): number => (b > 0 ? a / b : 1);
  const single = inScope.filter((o) => o.item.expect.length === 1);
  const within = (o: ItemOutcome, n: number): boolean =>
    o.retrieved.slice(0, n).some((id) => samePassage(id, o.item.expect[0]!));
  return {
    wrong: ratio(outcomes.filter((o) => o.answered && !isRight(o)).length, outcomes.length),
    rightAtOnce: ratio(right.filter((o) => !o.clarified).length, inScope.length),
    rightAfterClarification: ratio(right.filter((o) => o.clarified).length, inScope.length),
    clarified: ratio(outcomes.filter((o) => o.clarified).length, outcomes.length),
    handoffs: ratio(outcomes.filter((o) => !o.answered).length, outcomes.length),
    inFirstTwo: ratio(single.filter((o) => within(o, 2)).length, single.length),
    inFirstThree: ratio(single.filter((o) => within(o, 3)).length, single.length),
    inScope: inScope.length,
    outOfScope: outOfScope.length,
    accuracy: ratio(right.length, inScope.length),
    handoffRecall: ratio(outOfScope.filter((o) => !o.answered).length, outOfScope.length),
    falseHandoffs: ratio(
      inScope.filter((o) => !o.answered && o.item.expect.length === 1).length,
      inScope.length,
    ),
    factsQuoted: ratio(
      quoted.filter((o) => o.item.facts.every((f) => fold(o.text).includes(fold(f)))).length,
      quoted.length,
    ),
    twoQuestions: two.length,
    twoQuestionsBothAnswered: two.filter((o) => o.answered && isRight(o)).length,
    followUps: followUps.length,
    followUpsRight: followUps.filter(isRight).length,
  };
}

/**
 * The whole decision (person request, small talk, retrieval, provider, band) on every item; a
 * clarifying question is answered by the simulated customer and decided again, as in a conversation.
 */
export async function evaluateDomain(
  domain: Domain,
  tuning: Tuning = DEFAULT_TUNING,
  provider: AgentProvider = createRetrievalProvider(),
): Promise<ItemOutcome[]> {
  const index = KnowledgeIndex.fromContent(domain.knowledgeBase, tuning);
  const outcomes: ItemOutcome[] = [];
  let turn = 0;
  for (const item of domain.items) {
    const started = performance.now();
    const history = item.history ?? [];
    const first = await decide({ question: item.question, history, index, provider, settings: SETTINGS });
    const latencyMs = performance.now() - started;
    let decision: Decision = first;
    if (first.kind === 'clarify') {
      decision = await decide({
        question: customerReply(item, first.options, turn++),
        history: [],
        index,
        provider,
        settings: SETTINGS,
        pending: { messageId: 'clarification', question: item.question, history, options: first.options },
      });
    }
    outcomes.push({
      item,
      answered: decision.kind === 'reply',
      evidence: decision.evidence.map((e) => e.passageId),
      text: decision.kind === 'reply' ? decision.text : '',
      smallTalk: decision.kind === 'reply' && decision.smallTalk,
      confidence: first.confidence,
      latencyMs,
      clarified: first.kind === 'clarify',
      offered: first.kind === 'clarify' ? first.options.flatMap((o) => o.passageId ?? []) : [],
      retrieved:
        retrieve(index, item.question, history).parts[0]?.search.passages.map((p) => p.passage.id) ?? [],
    });
  }
  return outcomes;
}

interface Row {
  features: ConfidenceFeatures;
  label: 0 | 1;
  expect: number;
}

/** Confidence features of every item's retrieval, labelled 1 when the best passage is an expected one. */
export function calibrationRows(domains: readonly Domain[], tuning: Tuning): Row[] {
  const rows: Row[] = [];
  for (const domain of domains) {
    const index = KnowledgeIndex.fromContent(domain.knowledgeBase, tuning);
    for (const item of domain.items) {
      for (const part of retrieve(index, item.question, item.history ?? []).parts) {
        const features = featuresOf(part.search);
        if (!features) continue;
        const top = part.search.passages[0]!.passage.id;
        const label = item.expect.some((e) => samePassage(top, e)) ? 1 : 0;
        rows.push({ features, label, expect: item.expect.length });
      }
    }
  }
  return rows;
}

/** Values tried for each retrieval constant when fitting. */
export const GRID: { readonly [K in Exclude<keyof Tuning, 'calibration' | 'band'>]: readonly number[] } = {
  k1: [0.9, 1.2, 1.6],
  b: [0.5, 0.75, 0.9],
  titleWeight: [2, 3],
  relatedWeight: [0.3, 0.5],
  learnedWeight: [0, 0.3, 0.6],
  sentenceWeight: [0, 0.5, 1],
  titleBonus: [0, 0.5, 1],
  aspectWeight: [0, 0.3, 0.6],
  backgroundWeight: [0.4, 0.7, 1],
};

/**
 * Where the fit starts: the middle of the grid, not the shipped tuning. Coordinate ascent ends near
 * where it starts, and the shipped tuning was fitted on every domain, the held-out one included.
 */
const START: Tuning = {
  ...DEFAULT_TUNING,
  k1: 1.2,
  b: 0.75,
  titleWeight: 2,
  relatedWeight: 0.5,
  learnedWeight: 0.3,
  sentenceWeight: 0.5,
  titleBonus: 0.5,
  aspectWeight: 0.3,
  backgroundWeight: 0.7,
};

/** Balanced accuracy at the default threshold, with the calibration fitted on the same rows. */
function objectiveOf(
  domains: readonly Domain[],
  tuning: Tuning,
  steps: number,
): { value: number; tuning: Tuning } {
  const rows = calibrationRows(domains, tuning);
  const calibration = fitLogistic(rows, { steps });
  let right = 0;
  let inScope = 0;
  let handedOff = 0;
  let outScope = 0;
  for (const row of rows) {
    const answered = calibrate(row.features, calibration) >= SETTINGS.confidenceThreshold;
    if (row.expect === 0) {
      outScope++;
      if (!answered) handedOff++;
    } else {
      inScope++;
      if (answered && row.label === 1) right++;
    }
  }
  return {
    value: right / Math.max(1, inScope) + handedOff / Math.max(1, outScope),
    tuning: { ...tuning, calibration },
  };
}

/**
 * Fits every tuned constant on these domains only: coordinate ascent over GRID (two passes), each
 * point scored by balanced accuracy (in-scope right answers + out-of-scope handoffs at the default
 * threshold) with the calibration refitted by logistic regression on the same domains.
 */
export function fitTuning(domains: readonly Domain[], { steps = 3000 } = {}): Tuning {
  let best = objectiveOf(domains, START, steps);
  for (let pass = 0; pass < 2; pass++) {
    for (const key of Object.keys(GRID) as (keyof typeof GRID)[]) {
      for (const value of GRID[key]) {
        if (best.tuning[key] === value) continue;
        const tried = objectiveOf(domains, { ...best.tuning, [key]: value }, steps);
        if (tried.value > best.value + 1e-9) best = tried;
      }
    }
  }
  const tuning = { ...best.tuning, calibration: fitLogistic(calibrationRows(domains, best.tuning)) };
  return { ...tuning, band: fitBand(domains, tuning) };
}

/**
 * Refits only the decision — the calibration and the band — on these domains, the retrieval constants
 * held as given. The grid fit of the retrieval constants is unstable: one message read differently
 * lands it on another optimum that scores lower on the same domains.
 */
export function fitDecision(domains: readonly Domain[], retrieval: Tuning, { steps = 3000 } = {}): Tuning {
  const tuning = { ...retrieval, calibration: fitLogistic(calibrationRows(domains, retrieval), { steps }) };
  return { ...tuning, band: fitBand(domains, tuning) };
}

export interface DomainReport {
  domain: string;
  description: string;
  /** With the shipped tuning (fitted on all domains: in-sample). */
  shipped: DomainScore;
  /** With the tuning fitted on the other domains only (the reported figure). */
  heldOut: DomainScore;
  heldOutTuning: Tuning;
  heldOutOutcomes: ItemOutcome[];
}

/** Per domain: the shipped tuning, and leave-one-domain-out (fit on the others, score this one). */
export async function leaveOneDomainOut(
  domains: readonly Domain[],
  provider?: AgentProvider,
): Promise<DomainReport[]> {
  const reports: DomainReport[] = [];
  for (const domain of domains) {
    const others = domains.filter((d) => d !== domain);
    const tuning = fitTuning(others);
    const heldOutOutcomes = await evaluateDomain(domain, tuning, provider);
    reports.push({
      domain: domain.name,
      description: domain.description,
      shipped: scoreOutcomes(await evaluateDomain(domain, DEFAULT_TUNING, provider)),
      heldOut: scoreOutcomes(heldOutOutcomes),
      heldOutTuning: tuning,
      heldOutOutcomes,
    });
  }
  return reports;
}
