import { describe, expect, it } from 'vitest';
import { spellOut } from './vocabulary.js';

const none = (): boolean => false;

describe('spellOut', () => {
  it('spells out acronyms and loanwords the knowledge base never writes', () => {
    expect(spellOut('quanto custa tirar a CNH?', none, none)).toBe(
      'quanto custa tirar a carteira de habilitação?',
    );
    expect(spellOut('quanto fica make + cabelo?', none, none)).toBe('quanto fica maquiagem + cabelo?');
  });

  it('keeps a short form the knowledge base uses, and "ir" in lower case (the verb)', () => {
    expect(spellOut('tem desconto pra cnh?', (w) => w === 'cnh', none)).toBe('tem desconto pra cnh?');
    expect(spellOut('posso ir amanhã?', none, none)).toBe('posso ir amanhã?');
    expect(spellOut('qto ta pra fazer o IR?', none, none)).toBe('qto ta pra fazer o imposto de renda?');
    expect(spellOut('qto ta pra fazer o IR?', none, (w) => w === 'ir')).toBe('qto ta pra fazer o IR?');
  });
});
