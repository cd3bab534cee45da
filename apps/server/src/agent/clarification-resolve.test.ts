import { describe, expect, it } from 'vitest';
import { resolveClarification } from './clarification-resolve.js';
import { KnowledgeIndex } from './retrieval/kb-index.js';
import { createRetrievalProvider } from './retrieval-provider.js';

const index = KnowledgeIndex.fromContent(`# Box

## Regras

P: Posso congelar o plano?
R: Só no semestral: até 30 dias de congelamento, uma vez por plano. Mensal e trimestral não congelam. Lesão com atestado médico: congelamento sem limite de vezes.

P: Como cancelo?
R: Por e-mail, com 30 dias de antecedência. Mensal sem multa; semestral com multa de 20%.
`);

describe('the answer after a pick', () => {
  it('leads with the topic picked and carries the sentence with the question’s own condition', async () => {
    const resolved = await resolveClarification({
      reply: '1',
      pending: {
        messageId: 'c1',
        question: 'o trimestral da pra pausar?',
        history: [],
        options: [
          {
            id: 'q:1',
            title: 'Posso congelar o plano?',
            passageId: 'regras/posso-congelar-o-plano',
            confidence: 0.5,
          },
          { id: 'q:atendente', title: 'Falar com um atendente', passageId: null, confidence: null },
        ],
      },
      index,
      provider: createRetrievalProvider(),
      handoffKeywords: [],
    });
    expect(resolved.kind).toBe('answer');
    if (resolved.kind !== 'answer') return;
    expect(resolved.text).toMatch(/^Só no semestral/);
    expect(resolved.text).toContain('Mensal e trimestral não congelam.');
  });
});
