import { describe, expect, it } from 'vitest';
import { durationStats, meanOf, median, percentile, rateOf } from './report-math.js';

describe('report math', () => {
  it('median: the middle value, or the mean of the two middle ones', () => {
    expect(median([])).toBeNull();
    expect(median([7])).toBe(7);
    expect(median([1, 3, 10])).toBe(3);
    expect(median([1, 3, 10, 20])).toBe(6.5);
  });

  it('p90 by nearest rank', () => {
    const ten = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(percentile(ten, 90)).toBe(9);
    expect(percentile([...ten, 11], 90)).toBe(10);
    expect(percentile([5], 90)).toBe(5);
    expect(percentile([], 90)).toBeNull();
  });

  it('duration stats sort their input and round to whole ms', () => {
    expect(durationStats([30_000, 1_000, 2_001, 4_000])).toEqual({ medianMs: 3001, p90Ms: 30_000, count: 4 });
    expect(durationStats([])).toEqual({ medianMs: null, p90Ms: null, count: 0 });
  });

  it('a rate or a mean of nothing is no figure, not zero', () => {
    expect(rateOf(0, 0)).toBeNull();
    expect(rateOf(1, 3)).toBe(33.3);
    expect(meanOf(0, 0)).toBeNull();
    expect(meanOf(13, 3)).toBe(4.33);
  });
});
