import { describe, expect, it } from 'vitest';
import { keyedSequence } from './keyed-sequence.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('keyedSequence', () => {
  it('runs one key’s work in the order asked, other keys alongside, past a failure', async () => {
    const inOrder = keyedSequence();
    const done: string[] = [];
    const step =
      (name: string, ms: number, fail = false) =>
      async () => {
        await sleep(ms);
        done.push(name);
        if (fail) throw new Error(name);
        return name;
      };
    const results = await Promise.allSettled([
      inOrder('a', step('a1', 40)),
      inOrder('a', step('a2', 1, true)),
      inOrder('a', step('a3', 1)),
      inOrder('b', step('b1', 5)),
    ]);
    expect(done).toEqual(['b1', 'a1', 'a2', 'a3']);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
  });
});
