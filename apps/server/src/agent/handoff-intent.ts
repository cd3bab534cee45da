import { foldText } from '../lib/text/normalize.js';

/** Phrases that ask for a person even when no configured keyword appears. */
const BUILT_IN = [
  'falar com alguem',
  'falar com uma pessoa',
  'falar com um atendente',
  'pessoa de verdade',
  'ser humano',
  'atendimento humano',
  'atendente',
  'humano',
];

/** "quero falar com a diretora", "preciso falar com o dono": asking for someone by role. */
const WANTS_SOMEONE =
  / (?:quero|queria|gostaria de|preciso|posso|poderia|pode me passar pra|me passa pra) falar com (?:o|a|um|uma|os|as) [a-z]+ /;

function asPhrase(text: string): string {
  return ` ${foldText(text)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;
}

/**
 * Whether a customer message asks for a person: a configured keyword or a built-in phrase appears as
 * whole words, ignoring case and accents ("Atendente!", "quero um HUMANO", "falar com alguém"), or
 * the customer wants to talk to someone by role ("quero falar com a diretora").
 */
export function asksForPerson(message: string, keywords: readonly string[]): boolean {
  const text = asPhrase(message);
  if (WANTS_SOMEONE.test(text)) return true;
  return [...keywords, ...BUILT_IN].some((keyword) => {
    const phrase = keywordPhrase(keyword);
    return phrase !== null && text.includes(phrase);
  });
}

/** Keywords folded once (they come from the settings and change rarely); at most this many kept. */
const KEYWORD_CACHE_SIZE = 512;
const keywordPhrases = new Map<string, string | null>();

/** A keyword as a whole-word phrase, or null for one with no letters or digits. */
function keywordPhrase(keyword: string): string | null {
  let phrase = keywordPhrases.get(keyword);
  if (phrase === undefined) {
    const folded = asPhrase(keyword);
    phrase = folded.trim() === '' ? null : folded;
    if (keywordPhrases.size >= KEYWORD_CACHE_SIZE) keywordPhrases.clear();
    keywordPhrases.set(keyword, phrase);
  }
  return phrase;
}
