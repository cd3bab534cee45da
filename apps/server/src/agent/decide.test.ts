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

  it('asks instead of answering below the threshold, and hands off when it may not ask', async () => {
    expect(await run('Posso parcelar em quantas vezes?', undefined, 0.999)).toMatchObject({
      kind: 'clarify',
    });
    const decision = await decide({
      question: 'Posso parcelar em quantas vezes?',
      history: [],
      index,
      provider: createRetrievalProvider(),
      settings: { ...settings, confidenceThreshold: 0.999 },
      mayClarify: false,
    });
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

  it('closes politely, never with a menu or a handoff, however many topic words a closing carries', async () => {
    for (const message of [
      'Certo, obrigada pela ajuda',
      'Acabei de finalizar a compra, obrigado!',
      'Ótimo, então vou comprar a geladeira hoje mesmo',
      'Valeu!',
    ])
      expect(await run(message, unreachable), message).toMatchObject({
        kind: 'reply',
        smallTalk: true,
        evidence: [],
      });
  });

  it('answers a clear question of the demo walk at once, with the sentence it asks', async () => {
    const decision = await run('Consigo retirar na loja ainda hoje?');
    expect(decision).toMatchObject({ kind: 'reply', smallTalk: false });
    expect(decision.evidence[0]?.passageId).toBe('entrega-e-frete/posso-retirar-o-pedido-na-loja');
  });

  it('asks nothing about a message without a word: it names no topic', async () => {
    expect(await run('2')).toMatchObject({ kind: 'handoff', cause: 'low_confidence' });
  });

  it('answers small talk without the knowledge base', async () => {
    expect(await run('Olá!')).toMatchObject({ kind: 'reply', smallTalk: true, evidence: [] });
  });
});

describe('replies that fit the question', () => {
  const clinic = KnowledgeIndex.fromContent(loadDomain('clinica').knowledgeBase);
  const ask = (question: string, history: HistoryMessage[] = []) =>
    decide({ question, history, index: clinic, provider: createRetrievalProvider(), settings });
  /** The reply, at once or after the customer picks the expected topic. */
  const settle = async (question: string, expected: string) => {
    const first = await ask(question);
    if (first.kind !== 'clarify') return first;
    const n = first.options.findIndex((o) => o.passageId === expected) + 1;
    const pending = { messageId: 'c', question, history: [], options: first.options };
    return decide({
      ...{ question: String(n), history: [], index: clinic, settings, pending },
      provider: createRetrievalProvider(),
    });
  };

  it('quotes the answering sentence without an opener that contradicts it', async () => {
    const decision = await settle('vcs atendem domingo?', 'funcionamento/qual-e-o-horario-de-funcionamento');
    expect(decision.kind).toBe('reply');
    if (decision.kind !== 'reply') return;
    // A three-sentence answer is quoted whole, in the business's order: the hours, then the refusal.
    expect(decision.text).toMatch(/^A clínica funciona de segunda a sexta/);
    expect(decision.text).toContain('Não abrimos aos domingos');
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

describe('a clarifying question when unsure', () => {
  const provider = createRetrievalProvider();
  const question = 'onde pego a nf da minha compra';
  const ask = (extra: Partial<Parameters<typeof decide>[0]> = {}) =>
    decide({ question, history: [], index, provider, settings, optionKey: 'q1', ...extra });
  const reply = async (text: string, interactiveReplyId?: string) => {
    const asked = await ask();
    if (asked.kind !== 'clarify') throw new Error(`expected a clarifying question, got ${asked.kind}`);
    return decide({
      question: text,
      history: [],
      index,
      provider: unreachableUnlessRetrieval,
      settings,
      interactiveReplyId,
      pending: { messageId: 'c1', question, history: [], options: asked.options },
    });
  };
  // A pick is answered from the knowledge base; the provider is not asked for a retrieval provider.
  const unreachableUnlessRetrieval: AgentProvider = { ...unreachable, kind: 'retrieval' };

  it('offers the candidate topics by title and a person, in one short message', async () => {
    const decision = await ask();
    expect(decision.kind).toBe('clarify');
    if (decision.kind !== 'clarify') return;
    expect(decision.confidence).toBeGreaterThanOrEqual(index.tuning.band.clarifyAbove);
    expect(decision.confidence).toBeLessThan(index.tuning.band.answerAbove);
    // The two invoice topics (either first: their scores are close), a third, then a person.
    const titles = decision.options.map((o) => o.title);
    expect(titles.slice(0, 2).sort()).toEqual([
      'Como consigo a nota fiscal?',
      'Posso emitir nota fiscal com CNPJ?',
    ]);
    expect(titles).toHaveLength(4);
    expect(titles[3]).toBe('Falar com um atendente');
    expect(decision.options.map((o) => o.id)).toEqual(['q1:1', 'q1:2', 'q1:3', 'q1:atendente']);
    expect(decision.text).toContain(`1. ${titles[0]}`);
    expect(decision.text).toContain('4. Falar com um atendente');
    expect(decision.evidence.map((e) => e.passageId)).toContain('nota-fiscal/como-consigo-a-nota-fiscal');
  });

  /** The number of the option "Como consigo a nota fiscal?" in the question. */
  const invoiceOption = async (): Promise<number> => {
    const asked = await ask();
    if (asked.kind !== 'clarify') throw new Error(`expected a clarifying question, got ${asked.kind}`);
    return asked.options.findIndex((o) => o.passageId === 'nota-fiscal/como-consigo-a-nota-fiscal') + 1;
  };

  it('answers the original question from the topic picked by number', async () => {
    const n = await invoiceOption();
    expect(n).toBeGreaterThan(0);
    const decision = await reply(String(n));
    expect(decision).toMatchObject({
      kind: 'reply',
      clarification: {
        kind: 'resolution',
        clarificationMessageId: 'c1',
        outcome: 'answered',
        optionId: `q1:${n}`,
        pickedBy: 'number',
      },
    });
    if (decision.kind !== 'reply') return;
    expect(decision.text).toContain('é enviada por e-mail quando o pedido é faturado');
    expect(decision.evidence.map((e) => e.passageId)).toEqual(['nota-fiscal/como-consigo-a-nota-fiscal']);
  });

  it('answers the topic picked by its words, or by a tap on the interactive list', async () => {
    const n = await invoiceOption();
    expect(await reply('como consigo a nota fiscal')).toMatchObject({
      kind: 'reply',
      clarification: { optionId: `q1:${n}`, pickedBy: 'words' },
    });
    expect(await reply('Como vocês usam…', `q1:${n}`)).toMatchObject({
      kind: 'reply',
      evidence: [{ passageId: 'nota-fiscal/como-consigo-a-nota-fiscal' }],
      clarification: { optionId: `q1:${n}`, pickedBy: 'interactive' },
    });
  });

  it('hands off when the customer picks a person', async () => {
    expect(await reply('4')).toMatchObject({
      kind: 'handoff',
      cause: 'person_requested',
      clarification: { outcome: 'person', optionId: 'q1:atendente', pickedBy: 'number' },
    });
    expect(await reply('quero um atendente')).toMatchObject({ kind: 'handoff', cause: 'person_requested' });
  });

  it('takes a new question after the menu as a new question, and a closing as a closing', async () => {
    const asked = await ask();
    if (asked.kind !== 'clarify') throw new Error(`expected a clarifying question, got ${asked.kind}`);
    const after = (text: string) =>
      decide({
        question: text,
        history: [],
        index,
        provider,
        settings,
        pending: { messageId: 'c1', question, history: [], options: asked.options },
      });
    const fresh = await after('vocês aceitam pix?');
    expect(fresh.kind).toBe('reply');
    expect(fresh.evidence[0]?.passageId).toBe('pagamento/quais-formas-de-pagamento-voces-aceitam');
    expect(fresh.kind === 'reply' && fresh.text).toContain('Aceitamos Pix');
    expect(await after('ah, deixa, obrigado')).toMatchObject({ kind: 'reply', smallTalk: true });
  });

  it('hands off anything else, never asking a second time', async () => {
    for (const text of ['sim', 'em quantos dias chega meu pedido?', '9']) {
      expect(await reply(text)).toMatchObject({
        kind: 'handoff',
        cause: 'clarification_unmatched',
        reason: 'resposta ao esclarecimento não reconhecida',
        clarification: { outcome: 'unmatched', optionId: null, pickedBy: null },
      });
    }
  });

  it('does not ask when it may not (outside business hours): a person answers', async () => {
    expect(await ask({ mayClarify: false })).toMatchObject({ kind: 'handoff', cause: 'low_confidence' });
  });

  it('answers a clear question at once', async () => {
    expect(await ask({ question: 'Posso parcelar em quantas vezes?' })).toMatchObject({ kind: 'reply' });
  });

  it('hands off, without asking, a question about something the knowledge base never mentions', async () => {
    expect(await ask({ question: 'tem como embrulhar pra presente?' })).toMatchObject({
      kind: 'handoff',
      cause: 'low_confidence',
      reason: 'assunto fora da base de conhecimento',
    });
    // A product it does not sell is never answered; at most one question before a person.
    expect((await ask({ question: 'vocês vendem bicicleta elétrica?' })).kind).not.toBe('reply');
  });
});
