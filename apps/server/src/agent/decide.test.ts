import { agentConfigSchema } from '@atende/contracts';
import { describe, expect, it } from 'vitest';
import { decide } from './decide.js';
import { loadDemoKnowledgeBase } from './eval/run-eval.js';
import type { AgentProvider } from './provider.js';
import { KnowledgeIndex } from './retrieval/kb-index.js';
import { createRetrievalProvider } from './retrieval-provider.js';

const index = KnowledgeIndex.fromContent(loadDemoKnowledgeBase());
const settings = agentConfigSchema.parse({});
const run = (question: string, provider: AgentProvider = createRetrievalProvider(), threshold = 0.45) =>
  decide({
    question,
    history: [],
    index,
    provider,
    settings: { ...settings, confidenceThreshold: threshold },
  });

describe('decide', () => {
  it('answers in scope with confidence and evidence', async () => {
    const decision = await run('Posso parcelar em quantas vezes?');
    expect(decision.kind).toBe('reply');
    if (decision.kind !== 'reply') return;
    expect(decision.text).toContain('10 vezes sem juros');
    expect(decision.evidence[0]).toMatchObject({
      passageId: 'pagamento/posso-parcelar-a-compra',
      title: 'Posso parcelar a compra?',
    });
    expect(decision.evidence.every((e) => e.score >= 0 && e.score <= 1)).toBe(true);
  });

  it('hands off below the threshold with the confidence in the reason', async () => {
    const decision = await run('Posso parcelar em quantas vezes?', undefined, 0.999);
    expect(decision).toMatchObject({ kind: 'handoff', cause: 'low_confidence' });
    expect(decision.kind === 'handoff' && decision.reason).toMatch(/^baixa confiança \(0\.\d\d\)$/);
  });

  it('hands off when the customer asks for a person, before asking the provider', async () => {
    const provider: AgentProvider = {
      kind: 'retrieval',
      answer: () => Promise.reject(new Error('must not be called')),
    };
    expect(await run('quero falar com um atendente', provider)).toMatchObject({
      reason: 'cliente pediu atendente',
    });
  });

  it('hands off when the provider throws', async () => {
    const provider: AgentProvider = {
      kind: 'openai-compatible',
      answer: () => Promise.reject(new Error('boom')),
    };
    expect(await run('tem desconto no pix?', provider)).toMatchObject({
      kind: 'handoff',
      reason: 'falha do provedor',
    });
  });

  it('answers small talk without the knowledge base', async () => {
    expect(await run('Olá!')).toMatchObject({ kind: 'reply', smallTalk: true, evidence: [] });
  });
});
