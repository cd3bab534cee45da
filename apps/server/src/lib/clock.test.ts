import { expect, it } from 'vitest';
import { toIso } from './clock.js';

it('toIso formats like Date#toISOString, cached or not', () => {
  for (const ms of [0, 1_700_000_000_123, 1_700_000_000_123, -1]) {
    expect(toIso(ms)).toBe(new Date(ms).toISOString());
  }
  expect(() => toIso(Number.NaN)).toThrow(RangeError);
});
