import { describe, expect, it } from 'vitest';
import { loadDemoKnowledgeBase } from '../eval/run-eval.js';
import { confidenceOf } from './confidence.js';
import { KnowledgeIndex } from './kb-index.js';

const index = KnowledgeIndex.fromContent(loadDemoKnowledgeBase());
const top = (question: string): string | undefined => index.search(question).passages[0]?.passage.id;

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

  it('returns nothing for an empty knowledge base', () => {
    expect(KnowledgeIndex.fromContent('').search('frete').passages).toEqual([]);
  });
});
