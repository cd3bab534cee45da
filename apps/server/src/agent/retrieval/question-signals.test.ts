import { describe, expect, it } from 'vitest';
import { questionSignals } from './question-signals.js';

describe('questionSignals', () => {
  it.each([
    'qual o status do meu pedido?',
    'fui cobrado duas vezes no cartão',
    'o pedido 4471 saiu?',
    'O pedido já foi enviado?',
    'o pix já caiu?',
    'minha encomenda já chegou?',
  ])('"%s" is about the customer\'s own record', (question) => {
    expect(questionSignals(question).personal).toBe(1);
  });

  it.each([
    'Como sei se meu pagamento foi aprovado?',
    'qual o prazo de entrega para 2025?',
    'já posso usar o cupom na primeira compra?',
    'o que faço se o pedido foi entregue no endereço errado?',
  ])('"%s" is a general question', (question) => {
    expect(questionSignals(question).personal).toBe(0);
  });

  it('tells questions about today and subjects no FAQ answers', () => {
    expect(questionSignals('qual o prato do dia hoje?')).toEqual({ personal: 0, now: 1, offTopic: 0 });
    expect(questionSignals('deu errado, e agora?').now).toBe(0);
    expect(questionSignals('tem vaga de emprego?')).toEqual({ personal: 0, now: 0, offTopic: 1 });
  });
});
