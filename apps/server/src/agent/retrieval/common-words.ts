import { dictionary } from '@zxcvbn-ts/language-pt-br';
import { foldText } from '../../lib/text/normalize.js';
import { stem } from '../../lib/text/stemmer.js';

/**
 * How many of the most frequent pt-BR words count as everyday words. A word the knowledge base never
 * uses but every conversation does ("ir", "deixar", "casa", "filho") says nothing about the topic; a
 * rare one it never uses ("iPhone", "botox", "bitcoin") names something the business does not mention.
 */
export const EVERYDAY_WORDS = 1500;

let everyday: Set<string> | null = null;
let everydayStems: Set<string> | null = null;

/**
 * Whether a folded word is among the most frequent in spoken Brazilian Portuguese (zxcvbn-ts's list,
 * ranked by frequency in OpenSubtitles), in any of its forms: the list has "vender", a customer writes
 * "vendem". Built once, on first use.
 */
export function isEverydayWord(word: string): boolean {
  if (!everyday || !everydayStems) {
    const words = dictionary['commonWords-pt-br'].slice(0, EVERYDAY_WORDS).map(foldText);
    everyday = new Set(words);
    everydayStems = new Set(words.filter((w) => w.length >= 4).map(stem));
  }
  return everyday.has(word) || (word.length >= 4 && everydayStems.has(stem(word)));
}
