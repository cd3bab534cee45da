/**
 * Typo tolerance over a vocabulary of folded words: character trigrams pick candidates, a bounded
 * optimal-string-alignment distance (Damerau–Levenshtein with adjacent transpositions) decides.
 */
function trigramsOf(word: string): string[] {
  const padded = `  ${word} `;
  const grams: string[] = [];
  for (let i = 0; i + 3 <= padded.length; i++) grams.push(padded.slice(i, i + 3));
  return grams;
}

/** Edit distance with adjacent transposition, or `max + 1` as soon as it must exceed `max`. */
export function boundedDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows = a.length + 1;
  const cols = b.length + 1;
  let prevPrev = new Array<number>(cols).fill(0);
  let prev = Array.from({ length: cols }, (_, j) => j);
  for (let i = 1; i < rows; i++) {
    const row = new Array<number>(cols).fill(0);
    row[0] = i;
    let rowMin = i;
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, prevPrev[j - 2]! + 1);
      row[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    prevPrev = prev;
    prev = row;
  }
  return prev[cols - 1]!;
}

/** Allowed typos for a word of this length: none under 4 letters, 1 up to 8, 2 from 9. */
export function allowedTypos(length: number): number {
  if (length < 4) return 0;
  return length <= 8 ? 1 : 2;
}

export class FuzzyVocabulary {
  private readonly grams = new Map<string, string[]>();
  private readonly cache = new Map<string, { word: string; distance: number } | null>();

  constructor(vocabulary: Iterable<string>) {
    for (const word of vocabulary) {
      if (word.length < 3) continue;
      for (const gram of new Set(trigramsOf(word))) {
        const list = this.grams.get(gram);
        if (list) list.push(word);
        else this.grams.set(gram, [word]);
      }
    }
  }

  /** The closest vocabulary word within the allowed typos (ties: the most shared trigrams). */
  nearest(word: string): { word: string; distance: number } | null {
    const cached = this.cache.get(word);
    if (cached !== undefined) return cached;
    const max = allowedTypos(word.length);
    let best: { word: string; distance: number; shared: number } | null = null;
    if (max > 0) {
      const shared = new Map<string, number>();
      for (const gram of new Set(trigramsOf(word))) {
        for (const candidate of this.grams.get(gram) ?? [])
          shared.set(candidate, (shared.get(candidate) ?? 0) + 1);
      }
      for (const [candidate, count] of shared) {
        if (count < 2 && word.length > 4) continue;
        // Typos rarely hit the first letter; 4-letter words may only miss a letter ("snha").
        if (candidate[0] !== word[0]) continue;
        if (word.length === 4 && candidate.length !== 5) continue;
        const distance = boundedDistance(word, candidate, max);
        if (distance > max) continue;
        if (!best || distance < best.distance || (distance === best.distance && count > best.shared)) {
          best = { word: candidate, distance, shared: count };
        }
      }
    }
    const result = best ? { word: best.word, distance: best.distance } : null;
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(word, result);
    return result;
  }
}
