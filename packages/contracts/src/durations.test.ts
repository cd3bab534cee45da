import { describe, expect, it } from 'vitest';
import { durationStepFor, durationUnitFor, formatDuration } from './durations.js';

describe('formatDuration', () => {
  it.each([
    [null, '—'],
    [-1, '—'],
    [0, '0 s'],
    [40, '< 1 s'],
    [8_500, '8,5 s'],
    [38_000, '38 s'],
    [59_600, '1 min'],
    [125_000, '2 min 5 s'],
    [600_000, '10 min'],
    [46 * 60_000 + 20_000, '46 min'],
    [10_730_400, '2 h 59 min'],
    [2 * 3_600_000 + 46 * 60_000, '2 h 46 min'],
    [3 * 3_600_000, '3 h'],
    [3 * 86_400_000 + 4 * 3_600_000, '3 d 4 h'],
  ])('%s ms → %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});

describe('duration units and axis steps', () => {
  it('picks the largest unit the largest value has at least 2 of', () => {
    expect(durationUnitFor(38_000).label).toBe('s');
    expect(durationUnitFor(119_000).label).toBe('s');
    expect(durationUnitFor(120_000).label).toBe('min');
    expect(durationUnitFor(10_730_400).label).toBe('h');
    expect(durationUnitFor(3 * 86_400_000).label).toBe('d');
  });

  it('steps on round units', () => {
    expect(durationStepFor(38_000)).toBe(10_000);
    expect(durationStepFor(2_000_000)).toBe(10 * 60_000);
    expect(durationStepFor(10_730_400)).toBe(3_600_000);
    expect(durationStepFor(0)).toBe(1000);
  });
});
