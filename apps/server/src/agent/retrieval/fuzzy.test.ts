import { describe, expect, it } from 'vitest';
import { allowedTypos, boundedDistance, FuzzyVocabulary } from './fuzzy.js';

describe('boundedDistance', () => {
  it('counts edits and adjacent transpositions', () => {
    expect(boundedDistance('entrega', 'entrega', 2)).toBe(0);
    expect(boundedDistance('entrga', 'entrega', 2)).toBe(1);
    expect(boundedDistance('garantai', 'garantia', 2)).toBe(1);
    expect(boundedDistance('frete', 'prazo', 1)).toBe(2);
  });
});

describe('FuzzyVocabulary', () => {
  const vocabulary = new FuzzyVocabulary(['entrega', 'garantia', 'senha', 'estacao', 'presente', 'boleto']);

  it('finds the word a typo meant', () => {
    expect(vocabulary.nearest('entrga')?.word).toBe('entrega');
    expect(vocabulary.nearest('garantai')?.word).toBe('garantia');
    expect(vocabulary.nearest('snha')?.word).toBe('senha');
    expect(vocabulary.nearest('bolto')?.word).toBe('boleto');
  });

  it('does not stretch unrelated words onto the vocabulary', () => {
    expect(vocabulary.nearest('cotacao')).toBeNull();
    expect(vocabulary.nearest('febre')).toBeNull();
    expect(allowedTypos(3)).toBe(0);
  });
});
