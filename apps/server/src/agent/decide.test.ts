import { agentConfigSchema } from '@atende/contracts';
import { describe, expect, it } from 'vitest';
import { decide } from './decide.js';
import { loadDomain } from './eval/domains.js';
import { loadDemoKnowledgeBase } from './eval/run-eval.js';
import type { AgentProvider, HistoryMessage } from './provider.js';
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

/** For decisions taken before the provider is asked. */
const unreachable: AgentProvider = {
  kind: 'retrieval',
  answer: () => Promise.reject(new Error('must not be called')),
};

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
    expect(decision.kind === 'handoff' && decision.reason).toMatch(/^baixa confiança \(\d{1,3}%\)$/);
  });

  it('hands off when the customer asks for a person, before asking the provider', async () => {
    expect(await run('quero falar com um atendente', unreachable)).toMatchObject({
      reason: 'cliente pediu atendente',
    });
  });

  it("hands off a question about whether something of the customer's has happened yet", async () => {
    // Its words meet the cancellation passage ("Enquanto o pedido não foi enviado…"); only the
    // customer's order can say.
    expect(await run('O pedido já foi enviado?', unreachable)).toMatchObject({
      kind: 'handoff',
      cause: 'record_lookup',
      reason: 'consulta ao pedido do cliente',
    });
    expect(await run('Como sei se meu pagamento foi aprovado?')).toMatchObject({ kind: 'reply' });
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

describe('replies that fit the question', () => {
  const clinic = KnowledgeIndex.fromContent(loadDomain('clinica').knowledgeBase);
  const ask = (question: string, history: HistoryMessage[] = []) =>
    decide({ question, history, index: clinic, provider: createRetrievalProvider(), settings });

  it('quotes the answering sentence without an opener that contradicts it', async () => {
    const decision = await ask('vcs atendem domingo?');
    expect(decision.kind).toBe('reply');
    if (decision.kind !== 'reply') return;
    expect(decision.text).toMatch(/^Não abrimos aos domingos/);
    expect(decision.text).not.toContain('coleta');
    expect(decision.evidence[0]?.passageId).toBe('funcionamento/qual-e-o-horario-de-funcionamento');
  });

  it('answers both questions of one message, each passage in the evidence', async () => {
    const decision = await ask('qual o horario de vcs e tem estacionamento?');
    expect(decision.kind).toBe('reply');
    if (decision.kind !== 'reply') return;
    const [hours, parking] = decision.text.split('\n\n');
    expect(hours).toContain('7h às 19h');
    expect(parking).toContain('subsolo');
    expect(decision.evidence.map((e) => e.passageId)).toEqual(
      expect.arrayContaining([
        'funcionamento/qual-e-o-horario-de-funcionamento',
        'funcionamento/tem-estacionamento',
      ]),
    );
  });

  it('hands off a message whose second question it cannot answer', async () => {
    const decision = await ask('aceitam unimed? e quem ganhou o jogo do guarani ontem?');
    expect(decision.kind).toBe('handoff');
  });

  it('answers a follow-up with the previous turn', async () => {
    const decision = await ask('e no sábado?', [
      { sender: 'client', content: 'que horas vcs abrem durante a semana?' },
      { sender: 'agent', content: 'A clínica funciona de segunda a sexta, das 7h às 19h.' },
    ]);
    expect(decision.kind === 'reply' && decision.text).toContain('aos sábados, das 7h às 12h');
  });
});
