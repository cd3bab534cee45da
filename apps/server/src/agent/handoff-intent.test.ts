import { describe, expect, it } from 'vitest';
import { asksForPerson } from './handoff-intent.js';

const keywords = ['atendente', 'humano', 'gerente', 'falar com alguém'];

describe('asksForPerson', () => {
  it('matches keywords and built-in phrases ignoring case and accents', () => {
    expect(asksForPerson('Quero um ATENDENTE!', keywords)).toBe(true);
    expect(asksForPerson('me passa pra um humano', keywords)).toBe(true);
    expect(asksForPerson('preciso falar com alguem', keywords)).toBe(true);
    expect(asksForPerson('posso falar com uma pessoa de verdade?', [])).toBe(true);
  });

  it('matches whole words only', () => {
    expect(asksForPerson('qual o prazo de entrega?', keywords)).toBe(false);
    expect(asksForPerson('gerenciamento de pedidos', keywords)).toBe(false);
  });
});
