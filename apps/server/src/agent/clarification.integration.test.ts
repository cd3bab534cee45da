import type { Message } from '@atende/contracts';
import { beforeAll, expect, it } from 'vitest';
import { createAndLogin, describeEachDatabase, sleep, useTestApp } from '../../test/helpers.js';
import { api, pairSimulator } from '../../test/simulator-kit.js';
import { loadDemoKnowledgeBase } from './eval/run-eval.js';

async function waitFor<T>(
  probe: () => Promise<T | null | undefined | false>,
  what: string,
  ms = 8000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

let phoneCounter = 0;
const newPhone = () => `55118${String(Date.now()).slice(-5)}${String(++phoneCounter).padStart(3, '0')}`;
/** Half covered by the demo store's passages: two notes-fiscais topics and the privacy one are close. */
const UNSURE = 'onde pego a nf da minha compra';
const INVOICE = 'nota-fiscal/como-consigo-a-nota-fiscal';

describeEachDatabase('the agent asks when unsure', (kind) => {
  const ctx = useTestApp(kind);
  let client: ReturnType<typeof api>;

  beforeAll(async () => {
    const admin = await createAndLogin(ctx.app, 'admin');
    client = api(ctx.app, admin.token);
    await pairSimulator(ctx.app, admin.token);
    expect((await client.post('/api/knowledge-base', { content: loadDemoKnowledgeBase() })).status).toBe(200);
  });

  async function inbound(phone: string, text: string) {
    const res = await client.post('/api/simulator/inbound', { phone, text });
    expect(res.status).toBe(200);
    return res.body.data as { messageId: string; conversationId: string };
  }
  /** What the channel hands over for a tap on an interactive list: the row's title and its id. */
  const tap = (phone: string, text: string, interactiveReplyId: string) =>
    ctx.app.domain.messaging.appendInbound({
      inboxId: 'default',
      providerMessageId: `tap-${phone}-${interactiveReplyId}`,
      phone,
      text,
      type: 'text',
      interactiveReplyId,
    });
  const messages = async (conversationId: string) =>
    (await client.get(`/api/conversations/${conversationId}/messages`)).body.data.messages as Message[];
  const agentAnswers = async (conversationId: string, n: number) =>
    waitFor(async () => {
      const all = (await messages(conversationId)).filter((m) => m.sender === 'agent');
      return all.length >= n && all;
    }, `${n} agent messages`);
  const conversation = (id: string) =>
    ctx.app.db.selectFrom('conversations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /** The customer asks the unsure question; answers the agent's clarifying message. */
  async function asked(phone: string) {
    const sent = await inbound(phone, UNSURE);
    const [question] = await agentAnswers(sent.conversationId, 1);
    return { sent, question: question! };
  }

  it('asks with the topics and a person, and answers the original question from the topic picked by number', async () => {
    const phone = newPhone();
    const { sent, question } = await asked(phone);
    expect(question.clarification).toMatchObject({ kind: 'question', questionMessageId: sent.messageId });
    if (question.clarification?.kind !== 'question') return;
    const options = question.clarification.options;
    expect(options.at(-1)).toMatchObject({ title: 'Falar com um atendente', passageId: null });
    expect(options.map((o) => o.passageId)).toContain(INVOICE);
    for (const o of options.slice(0, -1)) expect(o.confidence).toBeGreaterThan(0);
    expect(question.content).toContain('Falar com um atendente');
    expect((await conversation(sent.conversationId)).handler_mode).toBe('ai');

    const n = options.findIndex((o) => o.passageId === INVOICE) + 1;
    await inbound(phone, String(n));
    const [, answer] = await agentAnswers(sent.conversationId, 2);
    expect(answer!.content).toContain('é enviada por e-mail quando o pedido é faturado');
    expect(answer!.evidence[0]?.passageId).toBe(INVOICE);
    expect(answer!.clarification).toEqual({
      kind: 'resolution',
      clarificationMessageId: question.id,
      outcome: 'answered',
      optionId: options[n - 1]!.id,
      pickedBy: 'number',
    });
    // The question that needed asking is a knowledge gap once; the "2" is not.
    const gaps = (await client.get('/api/knowledge-gaps')).body.data as { question: string; count: number }[];
    expect(gaps.find((g) => g.question === UNSURE)?.count).toBeGreaterThanOrEqual(1);
    expect(gaps.some((g) => g.question === String(n))).toBe(false);
  });

  it('takes a tap on the interactive list by its option id', async () => {
    const phone = newPhone();
    const { sent, question } = await asked(phone);
    if (question.clarification?.kind !== 'question') throw new Error('no clarifying question');
    const option = question.clarification.options.find((o) => o.passageId === INVOICE)!;
    await tap(phone, option.title.slice(0, 20), option.id);
    const [, answer] = await agentAnswers(sent.conversationId, 2);
    expect(answer!.clarification).toMatchObject({
      outcome: 'answered',
      optionId: option.id,
      pickedBy: 'interactive',
    });
    expect(answer!.evidence[0]?.passageId).toBe(INVOICE);
  });

  it('hands off a reply that names no option, and never asks twice', async () => {
    const phone = newPhone();
    const { sent, question } = await asked(phone);
    await inbound(phone, 'em quantos dias chega meu pedido?');
    const [, notice] = await agentAnswers(sent.conversationId, 2);
    expect(notice!.clarification).toMatchObject({
      clarificationMessageId: question.id,
      outcome: 'unmatched',
    });
    const row = await conversation(sent.conversationId);
    expect(row.handler_mode).toBe('waiting_human');
    expect(row.handler_reason).toBe('resposta ao esclarecimento não reconhecida');
    const change = await ctx.app.db
      .selectFrom('handler_changes')
      .select('cause')
      .where('conversation_id', '=', sent.conversationId)
      .executeTakeFirstOrThrow();
    expect(change.cause).toBe('clarification_unmatched');
  });

  it('after a person took over and handed back, a number is a new message, not a pick', async () => {
    const phone = newPhone();
    const { sent } = await asked(phone);
    expect((await client.post(`/api/conversations/${sent.conversationId}/takeover`)).status).toBe(200);
    expect((await client.post(`/api/conversations/${sent.conversationId}/handback`)).status).toBe(200);
    await inbound(phone, '2');
    const [, next] = await agentAnswers(sent.conversationId, 2);
    expect(next!.clarification?.kind).not.toBe('resolution');
  });

  it('asks nothing outside business hours: the unsure question goes to a person', async () => {
    const hour = Number(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'America/Sao_Paulo',
        hour: '2-digit',
        hourCycle: 'h23',
      }).format(Date.now()),
    );
    const at = (h: number) => `${String(h % 24).padStart(2, '0')}:00`;
    await client.post('/api/config', {
      businessHours: { enabled: true, start: at(hour + 2), end: at(hour + 3) },
    });
    try {
      const sent = await inbound(newPhone(), UNSURE);
      const [notice] = await agentAnswers(sent.conversationId, 1);
      expect(notice!.clarification ?? null).toBeNull();
      expect(notice!.content).toContain('Nosso horário de atendimento humano');
      expect((await conversation(sent.conversationId)).handler_mode).toBe('waiting_human');
    } finally {
      await client.post('/api/config', { businessHours: { enabled: false, start: '08:00', end: '18:00' } });
    }
  });

  it('counts the clarifying questions in analytics, by how they ended', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(Date.now());
    const report = (await client.get(`/api/analytics/report?from=${today}&to=${today}`)).body.data as {
      clarifications: { count: number; outcomes: { outcome: string; label: string; count: number }[] };
    };
    const of = (outcome: string) =>
      report.clarifications.outcomes.find((o) => o.outcome === outcome)?.count ?? 0;
    // The tests above asked four times (two answered, one unmatched, one left when a person took
    // over); "2" after the hand-back is a new message naming nothing, handed off without a question.
    expect(report.clarifications.count).toBe(4);
    expect(of('answered')).toBe(2);
    expect(of('unmatched')).toBe(1);
    expect(of('open')).toBe(1);
    expect(report.clarifications.outcomes.find((o) => o.outcome === 'answered')?.label).toBe(
      'Respondida após a escolha',
    );
  });
});
