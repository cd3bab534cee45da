import { foldText } from '../../lib/text/normalize.js';

/**
 * Customers wrap a question in what is going on with them: "vou viajar no feriado, vcs hospedam
 * cachorro?", "machuquei o ombro, dá pra trancar o plano?", "vcs dão banho na minha gata? ela é persa".
 * The clause that asks (or requests) carries the topic; the others are background, whose words the
 * knowledge base need not use. Background counts at a lower weight, fitted like the rest.
 */
export interface Clause {
  text: string;
  /** It asks or requests something (not background). */
  asks: boolean;
}

const ASKING =
  /^(?:.*\b(?:qual|quais|quanto|quantos|quanta|quantas|qto|qnto|qnt|qts|como|onde|aonde|quando|qdo|qnd|cade|porque|pq|quem)\b|(?:e|mas|entao|ai)?\s*(?:vcs|voces|voce|vc|tem|tém|aceita|aceitam|faz|fazem|da pra|dá pra|posso|pode|podem|poderia|consigo|consegue|preciso|precisa|precisam|existe|vende|vendem|trabalha|trabalham|atende|atendem|entrega|entregam|cobra|cobram|funciona|funcionam|abre|abrem|e|é|eh|sera|ja|se|quero|queria|gostaria|procuro|to procurando|estou procurando)\b)/;

/** Whether a piece of a message asks or requests something (a question mark, or how it opens). */
export function isAsking(text: string): boolean {
  const folded = foldText(text)
    .replace(/[^a-z0-9?]+/g, ' ')
    .trim();
  return text.trim().endsWith('?') || ASKING.test(folded);
}

/** The clauses of one question: split at commas, semicolons and sentence ends. */
export function clausesOf(question: string): Clause[] {
  const pieces = question
    .split(/(?<=[?!.;,])\s+|\s+(?:mas|porque|pq)\s+/i)
    .map((p) => p.trim())
    .filter((p) => /[\p{L}\p{N}]/u.test(p));
  if (pieces.length <= 1) return [{ text: question, asks: true }];
  const clauses = pieces.map((text) => ({ text, asks: isAsking(text) }));
  // Nothing reads as asking: every clause is the question.
  if (!clauses.some((c) => c.asks)) return clauses.map((c) => ({ ...c, asks: true }));
  return clauses;
}
