import { describe, expect, it } from 'vitest';
import { partialStyle } from './partial-points';

describe('partialStyle', () => {
  const points = [{ value: 4 }, { value: 6 }, { value: 0, partial: true }];

  it('a line leaves out a running bucket with nothing yet, and dashes the way to one with a value', () => {
    const line = partialStyle(points, '#3b82f6', 'line', false);
    expect(line.data).toEqual([4, 6, null]);
    const started = partialStyle([{ value: 4 }, { value: 2, partial: true }], '#3b82f6', 'line', false);
    expect(started.data).toEqual([4, 2]);
    expect(started.segmentDash({ p1DataIndex: 1 })).toEqual([6, 4]);
    expect(started.segmentDash({ p1DataIndex: 0 })).toBeUndefined();
    expect(started.pointRadius).toEqual([0, 4]);
  });

  it('a bar keeps the value and draws it lighter', () => {
    const bar = partialStyle(points, '#3b82f6', 'bar', false);
    expect(bar.data).toEqual([4, 6, 0]);
    expect(bar.barColors).toEqual([
      'rgba(59, 130, 246, 0.85)',
      'rgba(59, 130, 246, 0.85)',
      'rgba(59, 130, 246, 0.35)',
    ]);
  });
});
