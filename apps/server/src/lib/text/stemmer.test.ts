import { describe, expect, it } from 'vitest';
import { words } from './normalize.js';
import { stem } from './stemmer.js';

const s = (word: string): string => stem(words(word)[0]!);

describe('stem', () => {
  it('conflates plurals, gender and verb forms', () => {
    for (const group of [
      ['entrega', 'entregas', 'entregam', 'entregar', 'entregamos'],
      ['cancelar', 'cancelamento', 'cancelado', 'cancela'],
      ['parcelar', 'parcelamento', 'parcelas', 'parcela'],
      ['garantia', 'garantir', 'garantias'],
      ['informação', 'informações', 'informar'],
      ['cartão', 'cartões'],
      ['mês', 'meses'],
      ['loja', 'lojas'],
    ]) {
      expect(new Set(group.map(s)).size, group.join(',')).toBe(1);
    }
  });

  it('keeps short words, numbers and invariable words', () => {
    expect(s('pix')).toBe('pix');
    expect(s('110v')).toBe('110v');
    expect(s('dois')).toBe('dois');
    expect(s('grátis')).toBe('gratis');
  });

  it('does not conflate unrelated words', () => {
    expect(s('dois')).not.toBe(s('dólar'));
    expect(s('frete')).not.toBe(s('entrega'));
  });
});
