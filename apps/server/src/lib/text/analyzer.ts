import { words } from './normalize.js';
import { stem } from './stemmer.js';
import { STOP_WORDS } from './stop-words.js';
import { CANONICAL } from './synonyms.js';

/** A content word of a text: its folded surface form and its stem. */
export interface Token {
  surface: string;
  stem: string;
}

/**
 * Amounts, times, street addresses and phone numbers get a word of their kind ("R$ 54" → "reais",
 * "19h30" → "horas", "Rua Sergipe, 900" → "endereco", "(51) 98877-3200" → "telefone"), so "quanto
 * custa", "que horas", "qual o endereço" and "qual o número" meet the sentences that state them.
 */
function markQuantities(text: string): string {
  return text
    .replace(/R\$\s*(?=\d)/g, ' reais ')
    .replace(/\b(\d{1,2})h(\d{2})?\b/g, ' horas $1h$2 ')
    .replace(/\b(Rua|Avenida|Av\.|Alameda|Travessa|Rodovia|Praça)\s+(?=[A-ZÀ-Ú0-9])/g, ' endereco $1 ')
    .replace(/(?:\(\d{2}\)\s?\d{4,5}-\d{4}|\b0800[\s\d]{7,9}\d)/g, ' telefone $& ');
}

/** Folds, splits, maps canonical variants, drops stop words and stems. Same for KB and questions. */
export function analyze(text: string): Token[] {
  const out: Token[] = [];
  for (const word of words(markQuantities(text))) {
    for (const w of CANONICAL.get(word) ?? [word]) {
      if (STOP_WORDS.has(w)) continue;
      if (w.length < 2 && !/\d/.test(w)) continue;
      out.push({ surface: w, stem: stem(w) });
    }
  }
  return out;
}
