import { describe, expect, it } from 'vitest';
import { askedAspects, asksForValue, statedAspects } from './aspects.js';
import { KnowledgeIndex } from './kb-index.js';
import { retrieve } from './retrieve.js';

describe('askedAspects', () => {
  it('reads what a question asks of its topic', () => {
    expect(askedAspects('qto ta a lavagem do tapete?')).toEqual(['price']);
    expect(askedAspects('quanto tempo demora pra ficar pronto?')).toEqual(['duration']);
    expect(askedAspects('vcs abrem domingo?')).toEqual(['day']);
    expect(askedAspects('ate q horas vcs ficam abertos no sabado?')).toEqual(['time']);
    expect(askedAspects('onde fica a loja?')).toEqual(['place']);
    expect(askedAspects('meu filho tem 12 anos, pode treinar?')).toEqual(['age']);
    expect(askedAspects('quantos alunos por turma?')).toEqual(['quantity']);
    expect(askedAspects('vcs fazem tapete?')).toEqual([]);
    // A day named as the customer's plan is not what is asked.
    expect(askedAspects('vou viajar no feriado, vcs guardam a roupa?')).toEqual([]);
  });

  it('tells a word that asks for a kind of value from a topic word', () => {
    for (const word of ['custa', 'valor', 'prazo', 'horario', 'onde'])
      expect(asksForValue(word), word).toBe(true);
    for (const word of ['frete', 'mensalidade', 'online', 'fazer'])
      expect(asksForValue(word), word).toBe(false);
  });

  it('reads what a sentence states', () => {
    expect([...statedAspects('O tapete pequeno sai R$ 45 e o grande R$ 80.')]).toContain('price');
    expect([...statedAspects('Fica pronto em 3 dias úteis.')]).toContain('duration');
    expect([...statedAspects('Estamos na Rua das Flores, 120.')]).toContain('place');
    expect([...statedAspects('Lavamos tapete de qualquer tamanho.')]).toEqual([]);
  });
});

const KB = `# Lavanderia

## Tapetes

P: Vocês lavam tapete?
R: Lavamos tapete de qualquer tamanho e buscamos o tapete para lavar em casa. O pequeno (até 2 m²) sai R$ 45 e o grande R$ 80. Couro não lavamos.

P: Quanto tempo demora?
R: Roupas do dia a dia ficam prontas em 2 dias úteis. Tapetes levam 5 dias úteis.

## Loja

P: Onde fica a lavanderia?
R: Atendemos com hora marcada e buscamos em casa. Estamos na Rua das Flores, 120, no Centro.
`;

describe('the answering sentences follow the aspect asked', () => {
  const index = KnowledgeIndex.fromContent(KB);
  const answer = (question: string) => retrieve(index, question, []).parts[0]!.sentences.join(' ');

  it('quotes the sentence with the price, not the section opening, when a price is asked', () => {
    // The opening sentence holds every word of the question; the next one holds the price.
    expect(answer('qto ta pra lavar o tapete?')).toContain('R$ 45');
    expect(answer('qual o valor pra lavar tapete?')).toContain('R$ 45');
  });

  it('quotes the address when a place is asked', () => {
    expect(answer('onde vcs ficam?')).toContain('Rua das Flores, 120');
    expect(answer('qual o endereço de vcs?')).toContain('Rua das Flores, 120');
  });
});
