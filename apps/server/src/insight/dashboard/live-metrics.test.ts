import { expect, it } from 'vitest';
import { changePushGap, METRICS_MIN_GAP_MS } from './live-metrics.js';

it('spaces data-driven pushes by a second, or ten times the last computation when that is longer', () => {
  expect(changePushGap(0)).toBe(METRICS_MIN_GAP_MS);
  expect(changePushGap(80)).toBe(METRICS_MIN_GAP_MS);
  expect(changePushGap(250)).toBe(2_500);
});
