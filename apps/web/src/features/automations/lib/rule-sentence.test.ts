import { describe, expect, it } from 'vitest';
import {
  describeActions,
  describeDays,
  formatMinutes,
  NO_NAMES,
  type RuleNames,
  ruleSentence,
} from './rule-sentence';

const names: RuleNames = {
  label: (id) => ({ l1: 'Financeiro' })[id],
  person: (id) => ({ u1: 'Ana', u2: 'Bruno', u3: 'Carla' })[id],
  inbox: (id) => ({ i1: 'Vendas', i2: 'Suporte' })[id],
  cannedReply: (id) => ({ c1: 'boleto' })[id],
};

describe('a rule read as a sentence', () => {
  it('reads the boleto rule the way an admin would say it', () => {
    expect(
      ruleSentence(
        {
          event: 'message_received',
          after: null,
          conditions: [{ type: 'text_contains', words: ['boleto', 'segunda via'] }],
          actions: [
            { type: 'add_label', labelId: 'l1' },
            { type: 'assign_round_robin', userIds: ['u1', 'u2', 'u3'] },
            { type: 'send_message', text: 'Olá, {primeiro_nome}! Já vamos ver.' },
          ],
        },
        names,
      ),
    ).toBe(
      'Quando uma mensagem do cliente for recebida, se o texto contiver “boleto” ou “segunda via”, então: ' +
        'adicionar etiqueta Financeiro, atribuir em rodízio entre Ana, Bruno e Carla e enviar mensagem ' +
        '“Olá, {primeiro_nome}! Já vamos ver.”',
    );
  });

  it('joins several conditions with "e" and says the waiting time', () => {
    expect(
      ruleSentence(
        {
          event: 'no_reply_from_us',
          after: 90,
          conditions: [
            { type: 'inbox', inboxIds: ['i1', 'i2'] },
            { type: 'label', labelId: 'l1', present: false },
            { type: 'handler', handler: 'person' },
          ],
          actions: [{ type: 'snooze', minutes: 120 }, { type: 'resolve' }],
        },
        names,
      ),
    ).toBe(
      'Quando o cliente estiver sem resposta nossa há 1 h 30 min, se a caixa de entrada for Vendas ou Suporte, ' +
        'a conversa não tiver a etiqueta Financeiro e uma pessoa estiver atendendo, então: adiar por 2 horas e ' +
        'finalizar a conversa.',
    );
  });

  it('says what is missing instead of an id', () => {
    expect(
      describeActions(
        [
          { type: 'add_label', labelId: 'gone' },
          { type: 'assign_person', userId: 'gone' },
          { type: 'send_canned_reply', cannedReplyId: 'gone' },
        ],
        NO_NAMES,
      ),
    ).toBe('adicionar etiqueta removida, atribuir a pessoa removida e enviar uma resposta rápida removida');
    expect(ruleSentence({ event: 'resolved', after: null, conditions: [], actions: [] }, names)).toBe(
      'Quando a conversa for finalizada, então: nada (inclua uma ação).',
    );
  });

  it('ends once, even after a quoted text that has its own full stop', () => {
    expect(
      ruleSentence(
        { event: 'resolved', after: null, conditions: [], actions: [{ type: 'add_note', text: 'Fim.' }] },
        names,
      ),
    ).toBe('Quando a conversa for finalizada, então: adicionar nota privada “Fim.”');
  });

  it('reads a wait on the inbox’s response target when it has no time of its own', () => {
    expect(
      ruleSentence(
        { event: 'no_reply_from_us', after: null, conditions: [], actions: [{ type: 'resolve' }] },
        names,
      ),
    ).toBe(
      'Quando vencer a meta de primeira resposta da caixa sem resposta nossa, então: finalizar a conversa.',
    );
  });

  it('names days and durations in pt-BR', () => {
    expect(describeDays([1, 2, 3, 4, 5])).toBe('de segunda a sexta');
    expect(describeDays([6, 0])).toBe('domingo e sábado');
    expect(describeDays([0, 1, 2, 3, 4, 5, 6])).toBe('todos os dias');
    expect(describeDays([1, 3, 5])).toBe('segunda, quarta e sexta');
    expect(formatMinutes(1)).toBe('1 minuto');
    expect(formatMinutes(60)).toBe('1 hora');
    expect(formatMinutes(2880)).toBe('2 dias');
    expect(formatMinutes(75)).toBe('1 h 15 min');
  });

  it('reads the business-hours and confidence conditions', () => {
    expect(
      ruleSentence(
        {
          event: 'message_received',
          after: null,
          conditions: [
            { type: 'confidence_below', threshold: 0.5 },
            { type: 'day_time', days: [1, 2, 3, 4, 5], from: '08:00', to: '12:00' },
          ],
          actions: [{ type: 'hand_off', reason: 'IA insegura' }],
        },
        names,
      ),
    ).toBe(
      'Quando uma mensagem do cliente for recebida, se a confiança da IA for menor que 50% e for de segunda a ' +
        'sexta, das 08:00 às 12:00, então: transferir para uma pessoa (motivo: “IA insegura”).',
    );
  });
});
