import { describe, expect, it } from 'vitest';
import type { TimeRange } from '../../kernel/time/time-windows.js';
import { ClosedBucketCache } from './closed-bucket-cache.js';

const ranges = (n: number, offset = 0): TimeRange[] =>
  Array.from({ length: n }, (_, i) => ({
    start: (i + offset) * 10,
    end: (i + offset + 1) * 10,
    label: `${i}`,
  }));

describe('closed-bucket cache', () => {
  it('queries everything once, then only the open bucket, and again after the ttl', async () => {
    let clock = 0;
    const cache = new ClosedBucketCache(1000, () => clock);
    const asked: number[] = [];
    const query = async (r: readonly TimeRange[]) => {
      asked.push(r.length);
      return r.map((x) => x.start);
    };
    expect(await cache.series('s', ranges(5), query)).toEqual([0, 10, 20, 30, 40]);
    expect(await cache.series('s', ranges(5), query)).toEqual([0, 10, 20, 30, 40]);
    expect(asked).toEqual([5, 1]);
    // The window moved by one bucket: one closed bucket is new, so all are queried once.
    await cache.series('s', ranges(5, 1), query);
    await cache.series('s', ranges(5, 1), query);
    expect(asked).toEqual([5, 1, 5, 1]);
    clock = 1000;
    await cache.series('s', ranges(5, 1), query);
    expect(asked).toEqual([5, 1, 5, 1, 5]);
  });
});
