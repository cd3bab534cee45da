import type { ClarificationOption } from '@atende/contracts';
import { foldText } from '../lib/text/normalize.js';
import { candidateConfidences } from './retrieval/confidence.js';
import type { RetrievedPart } from './retrieval/retrieve.js';
import type { Band, Calibration } from './retrieval/tuning.js';

export type Triage = 'answer' | 'clarify' | 'handoff';

/** What the triage of one question looks at (all 0–1). */
export interface TriageInput {
  confidence: number;
  /** The second passage's score over the first's (0 when only one matched). */
  ratio: number;
  /** Share of the question's words the knowledge base never uses… */
  unknown: number;
  /** …and of those, the ones that are not everyday words (a product, a service it does not mention). */
  rare: number;
  /** Share of the question's weight the quoted sentences and title hold. */
  answerCoverage: number;
  /** The quoted sentences and title hold the question's most specific word. */
  keyHeld: boolean;
  /** Distinct topics that could be offered (one is offered beside a person: "is it this?"). */
  candidates: number;
}

/**
 * Answer at once only when sure, clear of the runner-up, covered by the quoted sentences and in the
 * knowledge base's own words; ask when it is in between and there is a choice to offer; otherwise
 * hand off. A question mostly in words the knowledge base never uses (a product it does not sell) is
 * handed off without asking: none of its topics is it.
 */
export function triage(x: TriageInput, band: Band): Triage {
  if (x.rare >= band.unknownHandoff) return 'handoff';
  // Sure enough, or a little less sure with no runner-up near: the passage that wins by far is the one
  // meant ("qto ta o banho pra um shih tzu?" has no second passage close to "Quanto custa o banho?").
  const sure =
    (x.confidence >= band.answerAbove && x.ratio < band.closeRatio) ||
    (x.confidence >= Math.min(band.answerClearAbove, band.answerAbove) && x.ratio < band.clearRatio);
  if (
    sure &&
    x.unknown <= band.maxUnknown &&
    x.answerCoverage >= band.minAnswerCoverage &&
    (x.keyHeld || band.requireKey === 0)
  )
    return 'answer';
  if (x.confidence >= band.clarifyAbove && x.candidates >= 1) return 'clarify';
  return 'handoff';
}

/** A topic that may be offered: the passage id, its title and how sure the agent is of it. */
export interface Candidate {
  passageId: string;
  title: string;
  confidence: number;
}

const MAX_TOPICS = 3;

/**
 * The topics a clarifying question offers for one question: the passages found whose score is at least
 * `optionShare` of the first's, one per title (a long section split in paragraphs shares its title),
 * at most three, best first.
 */
export function candidatesOf(part: RetrievedPart, band: Band, calibration: Calibration): Candidate[] {
  const { passages } = part.search;
  const best = passages[0];
  if (!best) return [];
  const confidences = candidateConfidences(part.search, calibration);
  const out: Candidate[] = [];
  const titles = new Set<string>();
  passages.forEach((p, i) => {
    const key = foldText(p.passage.title).replace(/\W+/g, ' ').trim();
    if (out.length >= MAX_TOPICS || titles.has(key) || p.score < band.optionShare * best.score) return;
    titles.add(key);
    out.push({ passageId: p.passage.id, title: p.passage.title, confidence: confidences[i] ?? 0 });
  });
  return out;
}

/** What triage sees of one retrieved question. */
export function triageInputOf(part: RetrievedPart, candidates: number): TriageInput {
  const [first, second] = part.search.passages;
  return {
    confidence: part.confidence,
    ratio: first && second && first.score > 0 ? second.score / first.score : 0,
    unknown: part.search.unknown,
    rare: part.search.rare,
    answerCoverage: part.answerCoverage,
    keyHeld: part.keyHeld,
    candidates,
  };
}

export const PERSON_OPTION_TITLE = 'Falar com um atendente';

/**
 * The options of a clarifying question: the topics, then a person. Ids are `key:1`, `key:2`… and
 * `key:atendente`, so a tap on an older list never picks from a newer question.
 */
export function clarificationOptions(key: string, candidates: readonly Candidate[]): ClarificationOption[] {
  return [
    ...candidates.map((c, i) => ({
      id: `${key}:${i + 1}`,
      title: c.title,
      passageId: c.passageId,
      confidence: c.confidence,
    })),
    { id: `${key}:atendente`, title: PERSON_OPTION_TITLE, passageId: null, confidence: null },
  ];
}

/** The clarifying question: short, numbered, the person last. */
export function clarificationText(options: readonly ClarificationOption[]): string {
  const lines = options.map((o, i) => `${i + 1}. ${o.title}`);
  return [
    'Quero ter certeza de que entendi. Sua pergunta é sobre:',
    ...lines,
    'Responda com o número ou o assunto.',
  ].join('\n');
}
