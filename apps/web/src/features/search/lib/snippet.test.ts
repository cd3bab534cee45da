import { describe, expect, it } from 'vitest';
import { snippetAround } from './snippet';

describe('snippetAround', () => {
  it('cuts around the match, accents and case ignored, and marks it', () => {
    const text = `${'a '.repeat(60)}Quero saber da Promoção de Natal ${'b '.repeat(60)}`;
    const snippet = snippetAround(text, 'promocao', 10);
    expect(snippet.match).toBe('Promoção');
    expect(snippet.before.startsWith('…')).toBe(true);
    expect(snippet.before.endsWith('saber da ')).toBe(true);
    expect(snippet.after.startsWith(' de Natal')).toBe(true);
    expect(snippet.after.endsWith('…')).toBe(true);
  });

  it('shows the start of the text when the words are not in it', () => {
    expect(snippetAround('Oi, tudo bem?', 'pedido')).toEqual({
      before: 'Oi, tudo bem?',
      match: '',
      after: '',
    });
  });
});
