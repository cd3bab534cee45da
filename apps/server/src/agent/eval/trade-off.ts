import { type ItemOutcome, samePassage } from './cross-domain.js';

/** What one threshold alone would do, without the band's clarifying questions. */
export interface TradeOffPoint {
  threshold: number;
  /** In scope (one question): answered from the expected passage. */
  accuracy: number;
  /** Out of scope: handed off. */
  handoffRecall: number;
  /** In scope (one question): handed off. */
  falseHandoffs: number;
}

export interface TradeOff {
  /** In scope (one question): the expected passage ranked first, answered or not. */
  rankedFirst: number;
  points: TradeOffPoint[];
}

/**
 * What the same retrieval would score at other thresholds: how far apart the confidences of right
 * answers and of questions to hand off are. A handoff decided before retrieval (a person asked for: no confidence) stays one;
 * messages with two questions are left out, their rule differs.
 */
export function tradeOff(outcomes: readonly ItemOutcome[], thresholds: readonly number[]): TradeOff {
  const inScope = outcomes.filter((o) => o.item.expect.length === 1);
  const outOfScope = outcomes.filter((o) => o.item.expect.length === 0);
  // The retrieval's first passage, not the reply's: after a clarifying question the reply is the pick's.
  const first = (o: ItemOutcome): boolean =>
    o.retrieved[0] !== undefined && samePassage(o.retrieved[0], o.item.expect[0]!);
  const share = (n: number, of: number): number => (of > 0 ? n / of : 1);
  return {
    rankedFirst: share(inScope.filter(first).length, inScope.length),
    points: thresholds.map((threshold) => {
      const answers = (o: ItemOutcome): boolean => o.confidence !== null && o.confidence >= threshold;
      return {
        threshold,
        accuracy: share(inScope.filter((o) => answers(o) && first(o)).length, inScope.length),
        handoffRecall: share(outOfScope.filter((o) => !answers(o)).length, outOfScope.length),
        falseHandoffs: share(inScope.filter((o) => !answers(o)).length, inScope.length),
      };
    }),
  };
}
