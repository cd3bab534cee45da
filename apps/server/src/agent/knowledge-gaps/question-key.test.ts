import { describe, expect, it } from 'vitest';
import { knowledgeBaseEntry } from './knowledge-gaps.service.js';
import { questionKey } from './question-key.js';

describe('questionKey', () => {
  it('groups the same question written differently', () => {
    expect(questionKey('Vocês entregam em Manaus?')).toBe(questionKey('voces ENTREGAM em manaus'));
    expect(questionKey('Aceitam cartões?')).toBe(questionKey('aceita CARTÃO'));
  });

  it('keeps different questions apart and never returns an empty key for text', () => {
    expect(questionKey('Aceitam bitcoin?')).not.toBe(questionKey('Aceitam Pix?'));
    expect(questionKey('oi')).toBe('oi');
  });
});

describe('knowledgeBaseEntry', () => {
  it('is a level-2 heading with the answer under it', () => {
    expect(knowledgeBaseEntry('  ## Vocês  aceitam bitcoin? ', ' Não. ')).toBe(
      '## Vocês aceitam bitcoin?\nNão.',
    );
  });
});
