import { analyze } from '../../lib/text/analyzer.js';
import { foldText } from '../../lib/text/normalize.js';

/**
 * The grouping key of a customer question: its content stems, deduplicated and sorted, so
 * "Vocês entregam em Manaus?" and "entregam em manaus" count as the same gap.
 */
export function questionKey(question: string): string {
  const stems = [...new Set(analyze(question).map((t) => t.stem))].sort();
  const key = stems.length > 0 ? stems.join(' ') : foldText(question).replace(/\s+/g, ' ').trim();
  return key.slice(0, 300);
}
