import { describe, expect, it } from 'vitest';
import { buildReply } from './reply.js';
import type { Passage } from './retrieval/passages.js';
import { smallTalkReply } from './small-talk.js';

describe('smallTalkReply', () => {
  it('greets and thanks back, naming the assistant', () => {
    expect(smallTalkReply('Oi, bom dia!', 'Aurora')).toContain('Eu sou a Aurora');
    expect(smallTalkReply('obrigado, valeu', 'Aurora')).toBe(
      'Por nada! Se precisar de mais alguma coisa, é só chamar.',
    );
  });

  it('leaves questions to the knowledge base', () => {
    expect(smallTalkReply('oi, qual o prazo de entrega?', 'Aurora')).toBeNull();
    expect(smallTalkReply('', 'Aurora')).toBeNull();
  });
});

describe('buildReply', () => {
  const passage: Passage = {
    id: 'p',
    title: 'Tem Pix?',
    section: null,
    text: 'Sim, **5%** de desconto.\n- vale 30 min',
  };

  it('is a lead-in plus the passage as plain text, stable per question', () => {
    const reply = buildReply('tem pix?', passage);
    expect(reply).toMatch(
      /^(Claro!|Posso ajudar com isso\.|Boa pergunta!|Vamos lá:|Entendi\.) Sim, 5% de desconto\.\n• vale 30 min$/,
    );
    expect(buildReply('tem pix?', passage)).toBe(reply);
    expect(reply).not.toContain('#');
  });
});
