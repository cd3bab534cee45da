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

  it('matches a wish to talk to someone by role, not a question about how to reach them', () => {
    expect(asksForPerson('quero falar com a diretora', [])).toBe(true);
    expect(asksForPerson('Preciso falar com o dono, urgente', [])).toBe(true);
    expect(asksForPerson('como falo com a professora da minha filha?', [])).toBe(false);
  });

  it('matches whole words only', () => {
    expect(asksForPerson('qual o prazo de entrega?', keywords)).toBe(false);
    expect(asksForPerson('gerenciamento de pedidos', keywords)).toBe(false);
  });
});
