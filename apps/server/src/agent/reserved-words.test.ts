import { agentConfigSchema } from '@atende/contracts';
import { describe, expect, it } from 'vitest';
import { analyze } from '../lib/text/analyzer.js';
import { decide } from './decide.js';
import { loadDemoKnowledgeBase } from './eval/run-eval.js';
import { KnowledgeIndexStore } from './knowledge-index-store.js';
import { KnowledgeIndex } from './retrieval/kb-index.js';
import { createRetrievalProvider } from './retrieval-provider.js';

/** Names that an object lookup resolves to inherited properties. */
const BUILT_IN_NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'prototype'];

const defaults = agentConfigSchema.parse({});
const settings = {
  confidenceThreshold: defaults.confidenceThreshold,
  handoffKeywords: defaults.handoffKeywords,
  assistantName: defaults.assistantName,
};
const provider = createRetrievalProvider();

describe('built-in property names as words', () => {
  it('are ordinary words to the analyzer', () => {
    for (const name of BUILT_IN_NAMES) {
      const stems = analyze(`o ${name} chegou`).map((t) => t.surface);
      expect(stems, name).toContain(name.toLowerCase().replaceAll('_', ''));
    }
  });

  it('in a customer message still get the normal answer', async () => {
    const index = KnowledgeIndex.fromContent(loadDemoKnowledgeBase());
    const plain = await decide({
      question: 'Qual é o horário de atendimento?',
      history: [],
      index,
      provider,
      settings,
    });
    expect(plain.kind).toBe('reply');
    for (const name of BUILT_IN_NAMES) {
      const decision = await decide({
        question: `Qual é o horário de atendimento do ${name}?`,
        history: [],
        index,
        provider,
        settings,
      });
      // A word the knowledge base never uses keeps the agent from answering at once: it asks, the
      // right topic first.
      expect(['reply', 'clarify'], name).toContain(decision.kind);
      expect(decision.evidence[0]?.passageId, name).toBe('atendimento/qual-e-o-horario-de-atendimento');
    }
  });

  it('in the knowledge base are indexed and answered', async () => {
    const content = BUILT_IN_NAMES.map(
      (name, i) =>
        `## O que faz o plano ${name}?\nO plano ${name} custa R$ ${10 + i} por mês e inclui suporte.`,
    ).join('\n\n');
    const index = KnowledgeIndex.fromContent(content);
    expect(index.passages).toHaveLength(BUILT_IN_NAMES.length);
    for (const name of BUILT_IN_NAMES) {
      const decision = await decide({
        question: `quanto custa o plano ${name}?`,
        history: [],
        index,
        provider,
        settings,
      });
      expect(decision.kind, name).toBe('reply');
      expect(decision.evidence[0]?.title, name).toBe(`O que faz o plano ${name}?`);
    }
  });
});

describe('a knowledge base that fails to index', () => {
  it('keeps the previous index answering and records the failure until a good text indexes', () => {
    const failures: unknown[] = [];
    const store = new KnowledgeIndexStore({
      build: (content) => {
        if (content.includes('quebra')) throw new Error('índice inválido');
        return KnowledgeIndex.fromContent(content);
      },
      onFailure: (error) => failures.push(error),
    });
    store.replace('## Horário\nAbrimos das 8h às 18h.', 1);
    expect(() => store.replace('## Horário\nquebra', 2)).toThrow('índice inválido');
    expect(failures).toHaveLength(1);
    expect(store.stats.failure?.message).toBe('índice inválido');
    expect(store.current.search('que horas abre?').passages[0]?.passage.title).toBe('Horário');
    expect(store.stats.passages).toBe(1);

    store.replace('## Entrega\nEntregamos em 2 dias.', 3);
    expect(store.stats.failure).toBeNull();
    expect(store.current.search('prazo de entrega').passages[0]?.passage.title).toBe('Entrega');
  });
});
