import { describe, expect, it } from 'vitest';
import { isComment, ratingOf } from './rating-reply.js';

describe('ratingOf: a reply to the survey, on any channel', () => {
  it.each([
    ['5', 5],
    ['4', 4],
    [' 1 ', 1],
    ['nota 4', 4],
    ['Nota: 3', 3],
    ['4/5', 4],
    ['4 de 5', 4],
    ['dou 5!', 5],
    ['5 estrelas', 5],
    ['4 - Bom', 4],
    ['ótimo', 5],
    ['Ótimo atendimento, obrigado!', 5],
    ['excelente', 5],
    ['muito bom', 5],
    ['bom', 4],
    ['mais ou menos', 3],
    ['regular', 3],
    ['ruim', 2],
    ['não gostei', 2],
    ['péssimo', 1],
    ['muito ruim', 1],
    ['cinco', 5],
    ['😡', 1],
    ['🙁', 2],
    ['😐', 3],
    ['👍', 4],
    ['😍😍', 5],
    ['⭐⭐⭐⭐', 4],
    ['ótimo 👍', 5],
  ])('%s → %i', (text, rating) => {
    expect(ratingOf(text)).toBe(rating);
  });

  it.each([
    'ótimo, mas e o meu reembolso?',
    'Na verdade ainda tenho uma dúvida',
    'bom dia',
    'tudo bem',
    'ok',
    '10',
    '0',
    '45',
    'quero trocar o produto que chegou ruim',
    '😡👍',
    '',
    'obrigado',
  ])('%s is not a rating', (text) => {
    expect(ratingOf(text)).toBeNull();
  });

  it('a tapped choice decides whatever its text says', () => {
    expect(ratingOf('4 - Bom', 'csat:4')).toBe(4);
    expect(ratingOf('qualquer coisa', 'csat:2')).toBe(2);
    expect(ratingOf('Sim', 'opcao-do-agente')).toBeNull();
  });
});

describe('isComment', () => {
  it('takes words with no question as the comment', () => {
    expect(isComment('A atendente foi muito atenciosa')).toBe(true);
    expect(isComment('e o meu pedido?')).toBe(false);
    expect(isComment('   ')).toBe(false);
  });
});
