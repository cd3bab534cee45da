import type { MessageClarification } from '@atende/contracts';
import { describe, expect, it } from 'vitest';
import { CLARIFICATION_TTL_MS, pendingClarification } from './pending-clarification.js';

const T = 1_700_000_000_000;
const asked: MessageClarification = {
  kind: 'question',
  questionMessageId: 'q',
  options: [
    { id: 'q:1', title: 'Qual é o prazo de entrega?', passageId: 'entrega/prazo', confidence: 0.5 },
    { id: 'q:atendente', title: 'Falar com um atendente', passageId: null, confidence: null },
  ],
};
const history = [
  { id: 'h', sender: 'client' as const, content: 'oi', timestamp: T - 3000, clarification: null },
  {
    id: 'q',
    sender: 'client' as const,
    content: 'em quantos dias chega?',
    timestamp: T - 2000,
    clarification: null,
  },
  {
    id: 'c',
    sender: 'agent' as const,
    content: 'Quero ter certeza…',
    timestamp: T - 1000,
    clarification: JSON.stringify(asked),
  },
];

describe('pendingClarification', () => {
  it('is the agent’s last message when it asked, with the original question and what came before it', () => {
    expect(pendingClarification({ timestamp: T, handlerSince: T - 5000, history }, 6)).toEqual({
      messageId: 'c',
      question: 'em quantos dias chega?',
      history: [{ sender: 'client', content: 'oi' }],
      options: asked.options,
    });
    expect(pendingClarification({ timestamp: T, handlerSince: T - 5000, history }, 0)?.history).toEqual([]);
  });

  it('is none once anything came after the question (a person wrote, or it was already answered)', () => {
    const after = [
      ...history,
      { id: 'x', sender: 'admin' as const, content: 'Olá!', timestamp: T - 500, clarification: null },
    ];
    expect(pendingClarification({ timestamp: T, handlerSince: T - 5000, history: after }, 6)).toBeUndefined();
  });

  it('is none when a person took the conversation over since it was asked (and handed it back)', () => {
    expect(pendingClarification({ timestamp: T, handlerSince: T - 500, history }, 6)).toBeUndefined();
  });

  it('is none outside the 24-hour window: a reply a day later is a new question', () => {
    const late = T - 1000 + CLARIFICATION_TTL_MS + 1;
    expect(pendingClarification({ timestamp: late, handlerSince: T - 5000, history }, 6)).toBeUndefined();
  });

  it('is none for an ordinary agent message or an unreadable one', () => {
    const plain = history.map((h) => (h.id === 'c' ? { ...h, clarification: null } : h));
    expect(pendingClarification({ timestamp: T, handlerSince: 0, history: plain }, 6)).toBeUndefined();
    const broken = history.map((h) => (h.id === 'c' ? { ...h, clarification: '{"kind":' } : h));
    expect(pendingClarification({ timestamp: T, handlerSince: 0, history: broken }, 6)).toBeUndefined();
  });
});
