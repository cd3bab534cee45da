import type { Result } from 'lighthouse';

/** The categories every Lighthouse bench asks for (its budgets are on these three). */
export const LIGHTHOUSE_CATEGORIES = ['performance', 'accessibility', 'best-practices'];

/** A report's category scores (0–100) and the ids of the pass/fail audits that failed. */
export function lighthouseScores(lhr: Result) {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    failing: Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id),
  };
}
