import { describe, expect, it } from 'vitest';
import { loadDemoKnowledgeBase } from '../eval/run-eval.js';
import { confidenceOf } from './confidence.js';
import { KnowledgeIndex } from './kb-index.js';

const index = KnowledgeIndex.fromContent(loadDemoKnowledgeBase());
const top = (question: string): string | undefined => index.search(question).passages[0]?.passage.id;
/** A small knowledge base written line by line ("## question", then its answer). */
const faq = (...lines: string[]): KnowledgeIndex => KnowledgeIndex.fromContent(lines.join('\n'));

describe('KnowledgeIndex', () => {
  it('ignores accents, case, plurals and stop words', () => {
    expect(top('DEVOLUÇÃO')).toBe(top('devolucao'));
    expect(top('Quais são as FORMAS de pagamento?')).toBe(
      'pagamento/quais-formas-de-pagamento-voces-aceitam',
    );
    expect(top('cupons')).toBe(top('cupom'));
  });

  it('tolerates typos and slang', () => {
    expect(top('qual a garantai')).toBe('garantia-e-assistencia-tecnica/qual-e-a-garantia-dos-produtos');
    expect(top('vcs tem frete gratis?')).toBe('entrega-e-frete/voces-tem-frete-gratis');
    expect(top('onde pego a nf')).toMatch(/^nota-fiscal\//);
  });

  it('scores in 0–1 and reports coverage', () => {
    const result = index.search('tem desconto no pix?');
    const best = result.passages[0]!;
    expect(best.passage.id).toBe('pagamento/tem-desconto-no-pix');
    expect(best.coverage).toBe(1);
    expect(best.relevance).toBeGreaterThan(0);
    expect(best.relevance).toBeLessThanOrEqual(1);
  });

  it('is confident in scope and not out of scope', () => {
    expect(confidenceOf(index.search('posso parcelar no cartão?'))).toBeGreaterThan(0.7);
    expect(confidenceOf(index.search('qual o horário da Magazine Luiza?'))).toBeLessThan(0.45);
    expect(confidenceOf(index.search('quem vai ganhar a eleição?'))).toBe(0);
  });

  it("takes the topic's most specific word as the key, not the word that asks for a price", () => {
    // "custa" is rarer than "mensalidade" in a knowledge base that writes prices as "R$ 260", yet
    // "qto custa a mensalidade?" is about the monthly fee: the enrolment's price does not answer it.
    const gym = faq(
      '## Quais os planos?',
      'Mensalidade: R$ 260 no plano livre.',
      '## Tem taxa de matrícula?',
      'A matrícula custa R$ 100.',
      '## Como pago a mensalidade?',
      'A mensalidade vence todo dia 10, no Pix ou no cartão.',
    );
    const question = gym.search('qto custa a mensalidade?');
    const passage = (title: string) => gym.passages.find((p) => p.title === title)!;
    expect(gym.holdsKey(question, passage('Tem taxa de matrícula?'), ['A matrícula custa R$ 100.'])).toBe(
      false,
    );
    expect(gym.holdsKey(question, passage('Quais os planos?'), ['Mensalidade: R$ 260 no plano livre.'])).toBe(
      true,
    );
  });

  it('"quanto fica" asks a price, not the address; "onde fica" the address', () => {
    const salon = faq(
      '## Qual o endereço?',
      'Avenida Brasil, 500, no centro.',
      '## Quanto custa a progressiva?',
      'A progressiva custa R$ 200.',
      '## Fazem luzes?',
      'Fazemos luzes e mechas, a partir de R$ 150.',
    );
    const titles = (question: string) => salon.search(question).passages.map((p) => p.passage.title);
    // "fica" is a synonym of "endereço": without a place asked, it must not reach that passage.
    expect(titles('quanto fica a progressiva?')).toEqual(['Quanto custa a progressiva?']);
    expect(titles('quanto fica?')).not.toContain('Qual o endereço?');
    expect(titles('quero ficar loira, fazem luzes?')).toEqual(['Fazem luzes?']);
    expect(titles('onde fica vcs?')[0]).toBe('Qual o endereço?');
  });

  it('returns nothing for an empty knowledge base', () => {
    expect(KnowledgeIndex.fromContent('').search('frete').passages).toEqual([]);
  });
});
