import { describe, expect, it } from 'vitest';
import { splitPassages } from './passages.js';

describe('splitPassages', () => {
  it('splits by headings, with the enclosing heading as section', () => {
    const passages = splitPassages(
      '# Loja\nIntro.\n\n## Entrega\n### Qual o prazo?\nAté 5 dias.\n\n### Frete?\nGrátis.',
    );
    expect(passages.map((p) => [p.id, p.title, p.section, p.text])).toEqual([
      ['loja', 'Loja', null, 'Intro.'],
      ['entrega/qual-o-prazo', 'Qual o prazo?', 'Entrega', 'Até 5 dias.'],
      ['entrega/frete', 'Frete?', 'Entrega', 'Grátis.'],
    ]);
  });

  it('understands P:/R: question lines and text before any heading', () => {
    const passages = splitPassages(
      'Somos a loja X.\n\nP: Vocês abrem domingo?\nR: Não, só de segunda a sábado.\nPergunta: Tem Pix?\nResposta: Sim.',
    );
    expect(passages.map((p) => [p.title, p.text])).toEqual([
      ['Informações gerais', 'Somos a loja X.'],
      ['Vocês abrem domingo?', 'Não, só de segunda a sábado.'],
      ['Tem Pix?', 'Sim.'],
    ]);
  });

  it('splits long sections into paragraphs and keeps ids unique', () => {
    const long = 'palavra '.repeat(80).trim();
    const passages = splitPassages(`## Título\n${long}\n\n${long}\n\n## Título\nOutro.`);
    expect(passages.map((p) => p.id)).toEqual(['titulo', 'titulo-2', 'titulo-3']);
  });
});
