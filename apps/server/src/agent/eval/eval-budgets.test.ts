import { describe, expect, it } from 'vitest';
import { splitPassages } from '../retrieval/passages.js';
import { BUDGETS, loadDemoKnowledgeBase, loadEvalSet, runEval } from './run-eval.js';

describe('agent evaluation (issue 6 budgets)', () => {
  it('has at least 60 labelled questions, 15 of them out of scope', () => {
    const items = loadEvalSet();
    expect(items.length).toBeGreaterThanOrEqual(60);
    expect(items.filter((i) => i.expectedPassageId === null).length).toBeGreaterThanOrEqual(15);
  });

  it('labels passages that exist in the demo knowledge base', () => {
    const passages = new Map(splitPassages(loadDemoKnowledgeBase()).map((p) => [p.id, p.title]));
    for (const item of loadEvalSet().filter((i) => i.expectedPassageId !== null)) {
      expect(passages.get(item.expectedPassageId!), item.id).toBe(item.expectedTitle);
    }
  });

  it('meets accuracy, handoff recall and latency budgets', async () => {
    let report = await runEval({ largeKbQueries: 200, latencyRounds: 3 });
    expect(report.accuracy).toBeGreaterThanOrEqual(BUDGETS.accuracy);
    expect(report.handoffRecall).toBeGreaterThanOrEqual(BUDGETS.handoffRecall);
    // Wall-clock latency on a CPU shared with other test files: a regression is slow on every try,
    // noise on one; so the best of three runs is held to the budget.
    for (let attempt = 1; attempt < 3; attempt++) {
      if (report.p99Ms <= BUDGETS.p99Ms && report.largeKbP99Ms <= BUDGETS.p99Ms) break;
      report = await runEval({ largeKbQueries: 200, latencyRounds: 3 });
    }
    expect(report.p99Ms).toBeLessThanOrEqual(BUDGETS.p99Ms);
    expect(report.largeKbP99Ms).toBeLessThanOrEqual(BUDGETS.p99Ms);
  });
});
