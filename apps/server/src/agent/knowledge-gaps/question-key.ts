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

/** Twins share this much of their content (intersection over union of their stems). */
const TWIN_OVERLAP = 0.75;

/**
 * Two gap keys that ask the same thing: nearly the same stems, or one question the other plus a
 * single word ("entregam em Manaus?" / "entregam em Manaus hoje?"). "Aceitam Pix?" and "Aceitam
 * bitcoin?" stay apart.
 */
export function areTwinKeys(a: string, b: string): boolean {
  if (a === b) return true;
  const left = new Set(a.split(' ').filter(Boolean));
  const right = new Set(b.split(' ').filter(Boolean));
  const shared = [...left].filter((stem) => right.has(stem)).length;
  const union = left.size + right.size - shared;
  if (union > 0 && shared / union >= TWIN_OVERLAP) return true;
  const [small, large] = left.size <= right.size ? [left, right] : [right, left];
  return small.size >= 2 && shared === small.size && large.size - small.size <= 1;
}
