import { describe, expect, it } from 'vitest';
import { orderNumberIn } from './order-number.js';

describe('orderNumberIn', () => {
  it.each([
    ['o pedido 1234 já foi enviado?', '1234'],
    ['Meu pedido nº A-7781 chegou?', 'A-7781'],
    ['pedido #98765', '98765'],
    ['já enviaram a encomenda número 5521?', '5521'],
    ['cadê minha compra 20240518', '20240518'],
    ['quero saber do 4432', '4432'],
  ])('%s → %s', (text, expected) => {
    expect(orderNumberIn(text)).toBe(expected);
  });

  it.each(['o pedido já foi enviado?', 'meu telefone é 5511999998888', 'pedido do Carlos'])(
    'finds none in %s',
    (text) => {
      expect(orderNumberIn(text)).toBeNull();
    },
  );
});
