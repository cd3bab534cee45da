import { type ConfidenceFeatures, FEATURES } from '../retrieval/confidence.js';
import type { Calibration } from '../retrieval/tuning.js';

/**
 * Plain logistic regression by batch gradient descent with a small L2 penalty (not on the
 * intercept). Unweighted on purpose: the output then estimates P(right answer) under the mix of the
 * evaluation set. Deterministic; a few thousand steps over a few hundred rows take milliseconds.
 */
export function fitLogistic(
  rows: readonly { features: ConfidenceFeatures; label: 0 | 1 }[],
  { steps = 20_000, rate = 0.5, l2 = 0.01 } = {},
): Calibration {
  const n = FEATURES.length + 1;
  let w = new Array<number>(n).fill(0);
  const x = rows.map((r) => [1, ...FEATURES.map((f) => r.features[f])]);
  for (let step = 0; step < steps; step++) {
    const grad = new Array<number>(n).fill(0);
    rows.forEach((row, i) => {
      const xi = x[i]!;
      let z = 0;
      for (let j = 0; j < n; j++) z += xi[j]! * w[j]!;
      const err = 1 / (1 + Math.exp(-z)) - row.label;
      for (let j = 0; j < n; j++) grad[j]! += err * xi[j]!;
    });
    w = w.map((wj, j) => wj - rate * (grad[j]! / Math.max(1, rows.length) + (j === 0 ? 0 : l2 * wj)));
  }
  const r = (v: number): number => Math.round(v * 100) / 100;
  const out = { b0: r(w[0]!) } as Calibration;
  FEATURES.forEach((f, j) => {
    out[f] = r(w[j + 1]!);
  });
  return out;
}
