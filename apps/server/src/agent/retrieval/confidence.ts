import type { SearchResult } from './kb-index.js';
import { type Calibration, DEFAULT_TUNING } from './tuning.js';

/** What the confidence is computed from (all 0–1). */
export interface ConfidenceFeatures {
  /** Share of the question's idf weight that the best passage matches. */
  coverage: number;
  /** Best BM25 score over the best score possible for this question. */
  relevance: number;
  /** (best − second) / best: how clearly the best passage wins. */
  margin: number;
  /** Share of the question's idf weight matched by the best passage's title and one of its sentences. */
  sentenceCoverage: number;
  /** Share of the question's own words the best passage does not match at all. */
  missing: number;
  /** Share of the question's weight the best passage's title alone matches. */
  titleCoverage: number;
  /** Share of the question's own words the knowledge base never uses. */
  unknown: number;
  /** 1: the question is about the customer's own record, an incident or a complaint. */
  personal: number;
  /** 1: the question asks about today, now or a coming event. */
  now: number;
  /** 1: the question is about weather, sports, jobs or another subject no FAQ answers. */
  offTopic: number;
  /** Share of the asked aspects (a price, a time, a place…) the best passage never states. */
  aspectMissing: number;
  /** Share of the question's own weight the quoted sentences and title hold. */
  answerCoverage: number;
  /** 1: the quoted sentences and title hold the question's most specific word. */
  keyHeld: number;
  /** Share of the best passage's title weight the question meets (the title's question asked back). */
  titleRecall: number;
  /** Of the question's topic words (not everyday ones), the share the knowledge base never uses. */
  rare: number;
}

export const FEATURES = [
  'coverage',
  'relevance',
  'margin',
  'sentenceCoverage',
  'missing',
  'titleCoverage',
  'unknown',
  'personal',
  'now',
  'offTopic',
  'aspectMissing',
  'answerCoverage',
  'keyHeld',
  'titleRecall',
  'rare',
] as const;

export function featuresOf(result: SearchResult): ConfidenceFeatures | null {
  const [best, second] = result.passages;
  if (!best) return null;
  return {
    coverage: best.coverage,
    relevance: best.relevance,
    margin: second ? (best.score - second.score) / best.score : 1,
    sentenceCoverage: best.sentenceCoverage,
    missing: best.missing,
    titleCoverage: best.titleCoverage,
    unknown: result.unknown,
    personal: result.personal,
    // "Consigo retirar ainda hoje?" asks what a passage stating "em até 2 horas" answers; "prato do
    // dia hoje?" asks what no passage states, and "meu pedido de hoje não chegou" what only the record does.
    now: best.statesDuration && result.personal === 0 ? 0 : result.now,
    offTopic: result.offTopic,
    aspectMissing: 1 - best.aspectMatch,
    answerCoverage: result.answer.coverage,
    keyHeld: result.answer.keyHeld ? 1 : 0,
    titleRecall: best.titleRecall,
    rare: result.rare,
  };
}

/** Logistic calibration: an estimate of P(the best passage answers the question). */
export function calibrate(f: ConfidenceFeatures, c: Calibration = DEFAULT_TUNING.calibration): number {
  let z = c.b0;
  for (const name of FEATURES) z += c[name] * f[name];
  return 1 / (1 + Math.exp(-z));
}

/** Calibrated confidence (0–1) that the best passage answers the question; 0 when nothing matched. */
export function confidenceOf(result: SearchResult, c: Calibration = DEFAULT_TUNING.calibration): number {
  const f = featuresOf(result);
  return f ? Math.round(calibrate(f, c) * 1000) / 1000 : 0;
}

/**
 * The confidence of each passage found, as if it were the one answered: the first's is the result's,
 * a later one is not ahead of anything (margin 0), so it reads lower even at the same score.
 */
export function candidateConfidences(
  result: SearchResult,
  c: Calibration = DEFAULT_TUNING.calibration,
): number[] {
  const first = featuresOf(result);
  if (!first) return [];
  const top = confidenceOf(result, c);
  return result.passages.map((p, i) => {
    if (i === 0) return top;
    const f: ConfidenceFeatures = {
      ...first,
      coverage: p.coverage,
      relevance: p.relevance,
      margin: 0,
      sentenceCoverage: p.sentenceCoverage,
      missing: p.missing,
      titleCoverage: p.titleCoverage,
      aspectMissing: 1 - p.aspectMatch,
      titleRecall: p.titleRecall,
    };
    // What a reply from it would quote is only known for the first: a later one never reads surer.
    return Math.min(top, Math.round(calibrate(f, c) * 1000) / 1000);
  });
}
