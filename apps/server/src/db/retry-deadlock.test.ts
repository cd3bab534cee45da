import { describe, expect, it } from 'vitest';
import { retryOnConflict } from './retry-deadlock.js';

const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });

describe('retryOnConflict', () => {
  it('runs the transaction again after PostgreSQL broke a deadlock, and answers its result', async () => {
    let runs = 0;
    const result = await retryOnConflict(async () => {
      runs++;
      if (runs === 1) throw deadlock;
      return 'erased';
    });
    expect({ result, runs }).toEqual({ result: 'erased', runs: 2 });
  });

  it('gives up after its attempts, and never retries another error', async () => {
    let runs = 0;
    await expect(
      retryOnConflict(async () => {
        runs++;
        throw deadlock;
      }, 3),
    ).rejects.toBe(deadlock);
    expect(runs).toBe(3);
    const other = new Error('not found');
    let once = 0;
    await expect(
      retryOnConflict(async () => {
        once++;
        throw other;
      }),
    ).rejects.toBe(other);
    expect(once).toBe(1);
  });
});
