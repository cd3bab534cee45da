import { describe, expect, it } from 'vitest';
import type { ItemOutcome } from './cross-domain.js';
import { tradeOff } from './trade-off.js';

const outcome = (expect: string[], top: string | null, confidence: number | null): ItemOutcome => ({
  item: { id: 'x', question: 'q', expect, facts: [], kind: 'paraphrase' },
  answered: confidence !== null && confidence >= 0.45,
  evidence: top ? [top] : [],
  text: '',
  confidence,
  latencyMs: 0,
  clarified: false,
  offered: [],
  retrieved: top ? [top] : [],
  smallTalk: false,
});

describe('tradeOff', () => {
  const outcomes = [
    outcome(['a'], 'a', 0.9), // right, confident
    outcome(['a'], 'a', 0.4), // right, unsure
    outcome(['b'], 'a', 0.8), // wrong passage first
    outcome(['c'], null, null), // asked for a person
    outcome([], 'a', 0.7), // to hand off, looks answerable
    outcome([], 'b', 0.2),
    outcome(['a', 'b'], 'a', 0.9), // two questions: left out
  ];

  it('counts the expected passage ranked first whatever the confidence', () => {
    expect(tradeOff(outcomes, []).rankedFirst).toBe(2 / 4);
  });

  it('scores each threshold: a higher one hands off more of both kinds', () => {
    const [low, high] = tradeOff(outcomes, [0.3, 0.75]).points;
    expect(low).toEqual({ threshold: 0.3, accuracy: 2 / 4, handoffRecall: 1 / 2, falseHandoffs: 1 / 4 });
    expect(high).toEqual({ threshold: 0.75, accuracy: 1 / 4, handoffRecall: 1, falseHandoffs: 2 / 4 });
  });
});
