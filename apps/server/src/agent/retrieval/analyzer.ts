import { words } from './normalize.js';
import { stem } from './stemmer.js';
import { STOP_WORDS } from './stop-words.js';
import { CANONICAL } from './synonyms.js';

/** A content word of a text: its folded surface form and its stem. */
export interface Token {
  surface: string;
  stem: string;
}

/** Folds, splits, maps canonical variants, drops stop words and stems. Same for KB and questions. */
export function analyze(text: string): Token[] {
  const out: Token[] = [];
  for (const word of words(text)) {
    for (const w of CANONICAL[word] ?? [word]) {
      if (STOP_WORDS.has(w)) continue;
      if (w.length < 2 && !/\d/.test(w)) continue;
      out.push({ surface: w, stem: stem(w) });
    }
  }
  return out;
}
