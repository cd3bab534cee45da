import { foldText } from '../../lib/text/normalize.js';

/**
 * Short forms customers write — acronyms, clipped words, loanwords — and the words a knowledge base
 * spells them out with ("qto ta pra fazer o IR?" asks about "Imposto de Renda", "tirar a CNH" about the
 * "carteira de habilitação", "make" is "maquiagem"). Used only when the knowledge base never writes the
 * short form itself. Abbreviations with one meaning everywhere ("cel", "msg") are lib/text/synonyms.ts'
 * CANONICAL, applied to the knowledge base and the question alike.
 */
const SPELLED_OUT: ReadonlyMap<string, string> = new Map([
  ['cnh', 'carteira de habilitação'],
  ['rg', 'identidade'],
  ['pj', 'pessoa jurídica'],
  ['pf', 'pessoa física'],
  ['ltda', 'empresa'],
  ['eireli', 'empresa'],
  ['ap', 'apartamento'],
  ['apto', 'apartamento'],
  ['ape', 'apartamento'],
  ['tel', 'telefone'],
  ['info', 'informação'],
  ['infos', 'informações'],
  ['promo', 'promoção'],
  ['niver', 'aniversário'],
  ['facul', 'faculdade'],
  ['vet', 'veterinário'],
  ['make', 'maquiagem'],
  ['makeup', 'maquiagem'],
  ['daycare', 'creche'],
  ['delivery', 'entrega'],
  ['motoboy', 'entregador'],
  ['ead', 'online'],
  ['pcd', 'deficiência'],
]);

/** Spelt out only when written in capitals: in lower case they are common words ("ir", "ti"). */
const CAPITALS_ONLY: ReadonlyMap<string, string> = new Map([
  ['IR', 'imposto de renda'],
  ['TI', 'tecnologia'],
]);

/**
 * The question with each short form the knowledge base never uses spelt out in the knowledge base's
 * likelier words: `known` tells a folded word it uses, `knownAcronym` one it writes in capitals.
 */
export function spellOut(
  text: string,
  known: (word: string) => boolean,
  knownAcronym: (word: string) => boolean,
): string {
  return text.replace(/[\p{L}\p{N}]+/gu, (word) => {
    const capital = CAPITALS_ONLY.get(word);
    if (capital !== undefined) return knownAcronym(word.toLowerCase()) ? word : capital;
    const folded = foldText(word);
    const long = SPELLED_OUT.get(folded);
    return long !== undefined && !known(folded) ? long : word;
  });
}
