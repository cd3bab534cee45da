import { describe, expect, it } from 'vitest';
import { buildReply } from './reply.js';
import { smallTalkReply } from './small-talk.js';

describe('smallTalkReply', () => {
  it('greets and thanks back, naming the assistant', () => {
    expect(smallTalkReply('Oi, bom dia!', 'Aurora')).toContain('Eu sou a Aurora');
    expect(smallTalkReply('obrigado, valeu', 'Aurora')).toBe(
      'Por nada! Se precisar de mais alguma coisa, é só chamar.',
    );
  });

  it('a greeting that names the shop or the team is still a greeting, not a question to clarify', () => {
    expect(smallTalkReply('Oi loja', 'Aurora')).toContain('Eu sou a Aurora');
    expect(smallTalkReply('bom dia, pessoal!', 'Aurora')).toContain('Eu sou a Aurora');
    expect(smallTalkReply('Olá Loja Aurora', 'Aurora', 'Loja Aurora')).toContain('Loja Aurora');
    // A name alone is not a greeting.
    expect(smallTalkReply('loja', 'Aurora')).toBeNull();
  });

  it('closes politely on thanks, acknowledgements and plans, whatever topic words they carry', () => {
    const thanks = 'Por nada! Se precisar de mais alguma coisa, é só chamar.';
    const settled = 'Combinado! Se precisar de mais alguma coisa, é só chamar.';
    expect(smallTalkReply('Certo, obrigada pela ajuda', 'Aurora')).toBe(thanks);
    expect(smallTalkReply('Acabei de finalizar a compra, obrigado!', 'Aurora')).toBe(thanks);
    expect(smallTalkReply('obrigadaaa', 'Aurora')).toBe(thanks);
    expect(smallTalkReply('Ótimo, então vou comprar a geladeira hoje mesmo', 'Aurora')).toBe(settled);
    expect(smallTalkReply('fechou, amanhã às 6h estou aí pra aula experimental', 'Aurora')).toBe(settled);
    expect(smallTalkReply('tá bom', 'Aurora')).toBe(settled);
    expect(smallTalkReply('acabei de pagar a matrícula', 'Aurora')).toBe(settled);
    expect(smallTalkReply('blz entao amanha levo o carro pra trocar o oleo', 'Aurora')).toBe(settled);
    expect(smallTalkReply('👍', 'Aurora')).toBe(settled);
    expect(smallTalkReply('que ótimo!', 'Aurora')).toBe(settled);
    expect(smallTalkReply('boa, vou levar amanhã', 'Aurora')).toBe(settled);
    expect(smallTalkReply('tem alguém aí?', 'Aurora')).toContain('Eu sou a Aurora');
    expect(smallTalkReply('bom fim de semana', 'Aurora')).toBe(settled);
    expect(smallTalkReply('boa tarde meninas, tudo bem com vcs?', 'Aurora')).toContain('Eu sou a Aurora');
    expect(smallTalkReply('ola, td bem?', 'Aurora')).toContain('Eu sou a Aurora');
  });

  it('a courtesy that asks, requests, objects or reports trouble is not small talk', () => {
    for (const message of [
      'ok, e o sábado',
      'obrigado, qual o horário?',
      'ok, mas não chegou',
      'valeu, quero falar com o gerente',
      'ok, tem estacionamento',
      'ta caro demais',
      'obrigado por nada, péssimo atendimento',
      'vcs abrem domingo',
      'e de tarde?',
      'ate que horas voces atendem',
      'busquei meu cachorro ontem do banho e ele voltou com um corte na orelha, to revoltada',
      'paguei e não liberou',
      'vou querer 2 pizzas grandes',
      'que horas abre',
      'boa noite, qual o horário?',
    ])
      expect(smallTalkReply(message, 'Aurora'), message).toBeNull();
  });

  it('leaves questions to the knowledge base', () => {
    expect(smallTalkReply('oi, qual o prazo de entrega?', 'Aurora')).toBeNull();
    expect(smallTalkReply('', 'Aurora')).toBeNull();
  });
});

describe('buildReply', () => {
  it('quotes the answering sentences as plain text, one paragraph per question, without a stock opener', () => {
    expect(buildReply([['Sim, **5%** de desconto.', '- vale 30 min']])).toBe(
      'Sim, 5% de desconto.\n• vale 30 min',
    );
    expect(buildReply([['Não abrimos aos domingos.'], ['A taxa é R$ 6.']])).toBe(
      'Não abrimos aos domingos.\n\nA taxa é R$ 6.',
    );
  });
});
