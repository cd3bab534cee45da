import { words } from '../lib/text/normalize.js';

const GREETINGS = new Set(
  'oi oii oie ola opa eai e ai bom dia boa tarde noite tudo bem beleza blz hello hi alo'.split(' '),
);
/** Whom a greeting may name ("oi, loja", "bom dia, pessoal"): not a question either. */
const ADDRESSEES = new Set('loja pessoal gente galera amigo amiga moca moco querida querido'.split(' '));
const THANKS = new Set(
  'obrigado obrigada obg brigado brigada valeu vlw agradeco muito certo ok okay entendi perfeito otimo show'.split(
    ' ',
  ),
);

/**
 * A reply for a message that is only a greeting or a thank-you ("Oi!", "obrigado, valeu"), or null.
 * Such messages carry no question, so they are neither answered from the knowledge base nor handed off.
 */
export function smallTalkReply(message: string, assistantName: string, companyName = 'loja'): string | null {
  const list = words(message);
  if (list.length === 0 || list.length > 6) return null;
  const company = new Set(words(companyName));
  const named = (w: string) => ADDRESSEES.has(w) || company.has(w);
  if (list.some((w) => GREETINGS.has(w)) && list.every((w) => GREETINGS.has(w) || named(w))) {
    return `Olá! Eu sou a ${assistantName}, assistente virtual da ${companyName}. Como posso ajudar você hoje?`;
  }
  if (list.every((w) => THANKS.has(w) || GREETINGS.has(w))) {
    return 'Por nada! Se precisar de mais alguma coisa, é só chamar.';
  }
  return null;
}
