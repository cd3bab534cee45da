import type { ConfidenceFeatures } from '../retrieval/confidence.js';

export interface Coefficients {
  b0: number;
  coverage: number;
  relevance: number;
  margin: number;
}

/**
 * Plain logistic regression by batch gradient descent with a small L2 penalty (not on the
 * intercept). Unweighted on purpose: the output then estimates P(right answer) under the mix of the
 * evaluation set. Deterministic; a few thousand steps over ~100 rows take milliseconds.
 */
export function fitLogistic(
  rows: readonly { features: ConfidenceFeatures; label: 0 | 1 }[],
  { steps = 20_000, rate = 0.5, l2 = 0.01 } = {},
): Coefficients {
  let w = [0, 0, 0, 0];
  const x = rows.map((r) => [1, r.features.coverage, r.features.relevance, r.features.margin]);
  for (let step = 0; step < steps; step++) {
    const grad = [0, 0, 0, 0];
    rows.forEach((row, i) => {
      const xi = x[i]!;
      const z = xi.reduce((s, v, j) => s + v * w[j]!, 0);
      const err = 1 / (1 + Math.exp(-z)) - row.label;
      for (let j = 0; j < 4; j++) grad[j]! += err * xi[j]!;
    });
    w = w.map((wj, j) => wj - rate * (grad[j]! / rows.length + (j === 0 ? 0 : l2 * wj)));
  }
  const r = (v: number): number => Math.round(v * 100) / 100;
  return { b0: r(w[0]!), coverage: r(w[1]!), relevance: r(w[2]!), margin: r(w[3]!) };
}
