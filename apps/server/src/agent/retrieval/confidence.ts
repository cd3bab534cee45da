import type { SearchResult } from './kb-index.js';

/** What the confidence is computed from (all 0–1). */
export interface ConfidenceFeatures {
  /** Share of the question's idf weight that the best passage matches. */
  coverage: number;
  /** Best BM25 score over the best score possible for this question. */
  relevance: number;
  /** (best − second) / best: how clearly the best passage wins. */
  margin: number;
}

/**
 * Logistic calibration: confidence = σ(b0 + b1·coverage + b2·relevance + b3·margin).
 *
 * Fitted by `npm run bench:agent -- --calibrate` (plain logistic regression, gradient descent,
 * L2 0.01) on `agent/eval/eval-set.pt-BR.json` against the demo knowledge base, with the label
 * "the best passage is the expected one" (out-of-scope questions are 0). The output is therefore an
 * estimate of P(answer is right); the default threshold 0.45 sits near the fitted 0.5. See
 * `agent/README.md` for the procedure and the figures at the time of fitting.
 */
export const CALIBRATION = { b0: -2.23, coverage: 2.61, relevance: 2.42, margin: 0.73 } as const;

export function featuresOf(result: SearchResult): ConfidenceFeatures | null {
  const [best, second] = result.passages;
  if (!best) return null;
  return {
    coverage: best.coverage,
    relevance: best.relevance,
    margin: second ? (best.score - second.score) / best.score : 1,
  };
}

export function calibrate(
  f: ConfidenceFeatures,
  c: { b0: number; coverage: number; relevance: number; margin: number } = CALIBRATION,
): number {
  const z = c.b0 + c.coverage * f.coverage + c.relevance * f.relevance + c.margin * f.margin;
  return 1 / (1 + Math.exp(-z));
}

/** Calibrated confidence (0–1) that the best passage answers the question; 0 when nothing matched. */
export function confidenceOf(result: SearchResult): number {
  const f = featuresOf(result);
  return f ? Math.round(calibrate(f) * 1000) / 1000 : 0;
}
