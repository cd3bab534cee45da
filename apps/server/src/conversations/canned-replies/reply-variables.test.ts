import { describe, expect, it } from 'vitest';
import { fillReplyVariables, firstNameOf } from './reply-variables.js';

describe('{primeiro_nome}', () => {
  it("becomes the customer's first name, wherever and however it is written", () => {
    expect(fillReplyVariables('Olá, {primeiro_nome}! Tudo bem?', 'Maria da Conceição')).toBe(
      'Olá, Maria! Tudo bem?',
    );
    expect(fillReplyVariables('{PRIMEIRO_NOME}, {primeiro_nome}', ' Ana  Souza ')).toBe('Ana, Ana');
    expect(fillReplyVariables('Sem variável', 'Ana')).toBe('Sem variável');
  });

  it('closes up the greeting when the customer has no name', () => {
    expect(fillReplyVariables('Olá, {primeiro_nome}! Tudo bem?', null)).toBe('Olá! Tudo bem?');
    expect(fillReplyVariables('{primeiro_nome}, seu pedido saiu.', '5511977001002')).toBe('seu pedido saiu.');
    expect(firstNameOf('+55 11 97700-1002')).toBe('');
  });
});
