import { describe, expect, it } from 'vitest';
import { meanSeconds, percentChange, percentOf, responseTimeChange } from './metric-math.js';

describe('metric arithmetic', () => {
  it('percent change with one decimal, and the zero-base rule', () => {
    expect(percentChange(15, 10)).toBe(50);
    expect(percentChange(2, 3)).toBe(-33.3);
    expect(percentChange(0, 4)).toBe(-100);
    expect(percentChange(0, 0)).toBe(0);
    expect(percentChange(7, 0)).toBe(100);
  });

  it('percent of a whole, 0 for an empty whole', () => {
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(0, 0)).toBe(0);
  });

  it('mean seconds and the response-time change, 0 when a period has no reply', () => {
    expect(meanSeconds(80_000, 2)).toBe(40);
    expect(meanSeconds(0, 0)).toBe(0);
    expect(responseTimeChange({ totalMs: 40_000, count: 2 }, { totalMs: 40_000, count: 1 })).toBe(-50);
    expect(responseTimeChange({ totalMs: 0, count: 0 }, { totalMs: 40_000, count: 1 })).toBe(0);
    expect(responseTimeChange({ totalMs: 5_000, count: 1 }, { totalMs: 0, count: 0 })).toBe(0);
  });
});
