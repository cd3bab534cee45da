import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createAndLogin,
  describeEachDatabase,
  listen,
  recordEvents,
  sleep,
  useTestApp,
} from '../../test/helpers.js';
import { api, joinedSocket, pairSimulator } from '../../test/simulator-kit.js';
import { agentReplyJob } from '../jobs/job-kinds.js';
import { createAgentService } from './agent.service.js';
import { loadDemoKnowledgeBase } from './eval/run-eval.js';
import { KnowledgeIndexStore } from './knowledge-index-store.js';
import { createRetrievalProvider } from './retrieval-provider.js';

/** A local OpenAI-compatible endpoint whose behaviour each test scripts. */
let llm: Server;
let llmUrl = '';
let llmHandler: (res: ServerResponse) => void = (res) => res.writeHead(500).end();

beforeAll(async () => {
  llm = createServer((req, res) => {
    req.resume();
    req.on('end', () => llmHandler(res));
  });
  await new Promise<void>((resolve) => llm.listen(0, '127.0.0.1', resolve));
  llmUrl = `http://127.0.0.1:${(llm.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  llm.closeAllConnections();
  await new Promise<void>((resolve) => llm.close(() => resolve()));
});

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
const newPhone = () => `55119${String(Date.now()).slice(-5)}${String(++phoneCounter).padStart(3, '0')}`;

describeEachDatabase('AI agent pipeline', (kind) => {
  const ctx = useTestApp(kind, { AI_ALLOW_PRIVATE: 'true' });
  let client: ReturnType<typeof api>;
  let adminName = '';

  beforeAll(async () => {
    const admin = await createAndLogin(ctx.app, 'admin');
    adminName = admin.user.name;
    client = api(ctx.app, admin.token);
    await pairSimulator(ctx.app, admin.token);
    const saved = await client.post('/api/knowledge-base', { content: loadDemoKnowledgeBase() });
    expect(saved.status).toBe(200);
  });

  const db = () => ctx.app.db;
  async function inbound(phone: string, text: string, providerMessageId?: string) {
    const res = await client.post('/api/simulator/inbound', {
      phone,
      text,
      ...(providerMessageId ? { providerMessageId } : {}),
    });
    expect(res.status).toBe(200);
    return res.body.data as { messageId: string; conversationId: string; duplicate: boolean };
  }
  const agentMessages = (conversationId: string) =>
    db()
      .selectFrom('messages')
      .selectAll()
      .where('conversation_id', '=', conversationId)
      .where('sender', '=', 'agent')
      .orderBy('timestamp')
      .execute();
  const outbox = async (phone: string) =>
    (await client.get(`/api/simulator/outbox?phone=${phone}`)).body.data as { text: string; kind: string }[];
  const conversation = (id: string) =>
    db().selectFrom('conversations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const jobsSettled = async () =>
    (await db()
      .selectFrom('jobs')
      .select('id')
      .where('status', 'in', ['pending', 'running'])
      // Scheduled work (the daily retention purge) is not due yet and is not what these tests wait for.
      .where('run_at', '<=', Date.now())
      .executeTakeFirst()) === undefined;
  const settle = () => waitFor(jobsSettled, 'jobs to settle');

  it('answers an inbound message exactly once, with confidence and evidence, through the channel', async () => {
    const phone = newPhone();
    const sent = await inbound(phone, 'Tem desconto pagando no Pix?', `wamid-${phone}`);
    const [reply] = await waitFor(async () => {
      const rows = await agentMessages(sent.conversationId);
      return rows.length > 0 && rows;
    }, 'AI reply');
    expect(reply!.ai_generated).toBe(1);
    expect(reply!.confidence_score).toBeGreaterThanOrEqual(0.45);
    expect(reply!.content).toContain('5% de desconto');
    const evidence = JSON.parse(reply!.evidence) as { passageId: string; score: number }[];
    expect(evidence[0]?.passageId).toBe('pagamento/tem-desconto-no-pix');
    await waitFor(async () => (await outbox(phone)).length === 1, 'delivery');

    // The channel replays the same message, and the job runs once more (at-least-once): still one reply.
    expect((await inbound(phone, 'Tem desconto pagando no Pix?', `wamid-${phone}`)).duplicate).toBe(true);
    await ctx.app.domain.jobs.enqueue(db(), agentReplyJob, {
      messageId: sent.messageId,
      conversationId: sent.conversationId,
    });
    ctx.app.domain.jobs.wake();
    await settle();
    await sleep(100);
    expect(await agentMessages(sent.conversationId)).toHaveLength(1);
    expect((await outbox(phone)).filter((m) => m.kind === 'text')).toHaveLength(1);

    const detail = await client.get(`/api/conversations/${sent.conversationId}/messages`);
    const ai = (
      detail.body.data.messages as { aiGenerated: boolean; confidenceScore: number; evidence: unknown[] }[]
    ).find((m) => m.aiGenerated);
    expect(ai?.confidenceScore).toBeGreaterThan(0);
    expect(ai?.evidence.length).toBeGreaterThan(0);
  });

  it('reads a follow-up with the conversation before it', async () => {
    const phone = newPhone();
    const first = await inbound(phone, 'Como rastrear meu pedido?');
    await waitFor(async () => (await agentMessages(first.conversationId)).length === 1, 'first reply');
    // Alone, "e pelo app?" meets three passages as well as each other.
    await inbound(phone, 'e pelo app?');
    const replies = await waitFor(async () => {
      const rows = await agentMessages(first.conversationId);
      return rows.length === 2 && rows;
    }, 'follow-up reply');
    const evidence = JSON.parse(replies[1]!.evidence) as { passageId: string }[];
    expect(evidence[0]?.passageId).toBe('rastreamento-de-pedidos/como-rastrear-meu-pedido');
    expect(replies[1]!.content).toContain('aplicativo');
  });

  it('hands off on low confidence once, records the reason and a knowledge gap', async () => {
    const phone = newPhone();
    const sent = await inbound(phone, 'Qual a cotação do dólar hoje?');
    await waitFor(
      async () => (await conversation(sent.conversationId)).handler_mode === 'waiting_human',
      'handoff',
    );
    const row = await conversation(sent.conversationId);
    // "cotação" and "dólar" are words the store's knowledge base never uses: no question to ask.
    expect(row.handler_reason).toBe('assunto fora da base de conhecimento');
    const messages = await agentMessages(sent.conversationId);
    expect(messages.map((m) => m.content)).toEqual([
      'Vou chamar uma pessoa da nossa equipe para continuar o seu atendimento. Só um instante!',
    ]);
    const activity = await db()
      .selectFrom('activities')
      .selectAll()
      .where('conversation_id', '=', sent.conversationId)
      .where('type', '=', 'takeover')
      .execute();
    expect(activity).toHaveLength(1);

    // While waiting for a human, more messages never trigger another handoff message.
    await inbound(phone, 'alô? tem alguém aí?');
    await inbound(phone, 'quero falar com um atendente');
    await settle();
    expect(await agentMessages(sent.conversationId)).toHaveLength(1);
    await waitFor(async () => (await outbox(phone)).length === 1, 'one handoff delivered');

    const gaps = (await client.get('/api/knowledge-gaps')).body.data as {
      question: string;
      reason: string;
      count: number;
    }[];
    expect(gaps.find((g) => g.question === 'Qual a cotação do dólar hoje?')).toMatchObject({
      reason: 'handoff',
      count: 1,
    });
  });

  it('adds the out-of-hours notice to a handoff outside business hours', async () => {
    const hour = Number(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'America/Sao_Paulo',
        hour: '2-digit',
        hourCycle: 'h23',
      }).format(Date.now()),
    );
    const closed = (h: number) => `${String(h % 24).padStart(2, '0')}:00`;
    await client.post('/api/config', {
      businessHours: { enabled: true, start: closed(hour + 2), end: closed(hour + 3) },
    });
    try {
      const sent = await inbound(newPhone(), 'preciso falar com alguém');
      await waitFor(async () => (await agentMessages(sent.conversationId)).length === 1, 'handoff message');
      expect((await agentMessages(sent.conversationId))[0]!.content).toBe(
        'Vou chamar uma pessoa da nossa equipe para continuar o seu atendimento. Só um instante!\n\n' +
          'Nosso horário de atendimento humano é de segunda a sexta, das 8h às 18h.',
      );
    } finally {
      await client.post('/api/config', { businessHours: { enabled: false, start: '08:00', end: '18:00' } });
    }
  });

  it('hands off when the customer asks for a person', async () => {
    const sent = await inbound(newPhone(), 'Quero falar com um HUMANO, por favor');
    await waitFor(
      async () => (await conversation(sent.conversationId)).handler_mode === 'waiting_human',
      'handoff',
    );
    expect((await conversation(sent.conversationId)).handler_reason).toBe('cliente pediu atendente');
    expect(await agentMessages(sent.conversationId)).toHaveLength(1);
  });

  it('hands off when the provider fails', async () => {
    llmHandler = (res) => res.writeHead(503).end();
    await client.post('/api/admin-config', { aiBaseUrl: llmUrl, aiModel: 'modelo-teste' });
    try {
      const sent = await inbound(newPhone(), 'Qual o prazo de entrega para o Nordeste?');
      await waitFor(
        async () => (await conversation(sent.conversationId)).handler_mode === 'waiting_human',
        'handoff',
        10_000,
      );
      expect((await conversation(sent.conversationId)).handler_reason).toBe('falha do provedor');
    } finally {
      await client.post('/api/admin-config', { aiBaseUrl: '', aiModel: '' });
    }
  });

  it('drops a reply in flight when a human takes over first (checked again before sending)', async () => {
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    let requested = false;
    llmHandler = (res) => {
      requested = true;
      void answered.then(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ choices: [{ message: { content: '{"resposta":"Sim!","confianca":0.99}' } }] }),
        );
      });
    };
    await client.post('/api/admin-config', { aiBaseUrl: llmUrl, aiModel: 'modelo-teste' });
    try {
      const phone = newPhone();
      const sent = await inbound(phone, 'Vocês entregam em todo o Brasil?');
      await waitFor(async () => requested, 'provider call');
      const took = await client.post(`/api/conversations/${sent.conversationId}/takeover`);
      expect(took.status).toBe(200);
      release();
      await settle();
      expect(await agentMessages(sent.conversationId)).toHaveLength(0);
      expect((await conversation(sent.conversationId)).handler_mode).toBe('human');
      expect(await outbox(phone)).toHaveLength(0);
    } finally {
      release();
      await client.post('/api/admin-config', { aiBaseUrl: '', aiModel: '' });
    }
  });

  it('an operator message takes over; the AI stays silent until handed back', async () => {
    const phone = newPhone();
    const sent = await inbound(phone, 'oi');
    await waitFor(async () => (await agentMessages(sent.conversationId)).length === 1, 'greeting');
    const wrote = await client.post(`/api/conversations/${sent.conversationId}/messages`, {
      message: 'Olá, aqui é a Ana!',
    });
    expect(wrote.status).toBe(200);
    const held = await conversation(sent.conversationId);
    expect(held.handler_mode).toBe('human');
    expect(held.handler_user_name).toBe(adminName);

    await inbound(phone, 'qual o prazo de entrega?');
    await settle();
    expect((await agentMessages(sent.conversationId)).filter((m) => m.ai_generated === 1)).toHaveLength(1);

    expect((await client.post(`/api/conversations/${sent.conversationId}/handback`)).status).toBe(200);
    await inbound(phone, 'qual o prazo de entrega?');
    await waitFor(
      async () => (await agentMessages(sent.conversationId)).filter((m) => m.ai_generated === 1).length === 2,
      'AI answers again',
    );
  });

  it('does nothing while the AI is disabled', async () => {
    await client.post('/api/config', { aiEnabled: false });
    try {
      const sent = await inbound(newPhone(), 'Tem desconto no Pix?');
      await settle();
      expect(await agentMessages(sent.conversationId)).toHaveLength(0);
      expect((await conversation(sent.conversationId)).handler_mode).toBe('ai');
    } finally {
      await client.post('/api/config', { aiEnabled: true });
    }
  });

  it('learns: a gap collects counts and the operator reply, and resolving it teaches the agent', async () => {
    const question = 'Vocês vendem ingressos de show?';
    const first = await inbound(newPhone(), question);
    await waitFor(
      async () => (await conversation(first.conversationId)).handler_mode === 'waiting_human',
      'handoff',
    );
    const second = await inbound(newPhone(), 'voces vendem INGRESSOS de show');
    await waitFor(
      async () => (await conversation(second.conversationId)).handler_mode === 'waiting_human',
      'handoff 2',
    );
    const answer = 'Não vendemos ingressos para shows ou eventos; nosso foco é casa e eletrônicos.';
    await client.post(`/api/conversations/${second.conversationId}/messages`, { message: answer });

    const gaps = (await client.get('/api/knowledge-gaps')).body.data as {
      id: string;
      question: string;
      count: number;
      suggestedAnswer: string | null;
    }[];
    const gap = gaps.find((g) => g.count === 2 && /ingressos/i.test(g.question));
    expect(gap?.suggestedAnswer).toBe(answer);

    const resolved = await client.post(`/api/knowledge-gaps/${gap!.id}/resolve`, {
      question: 'Vocês vendem ingressos para shows?',
      answer: gap!.suggestedAnswer!,
    });
    expect(resolved.status).toBe(200);
    expect(resolved.body.data.status).toBe('resolved');
    const kb = (await client.get('/api/knowledge-base')).body.data.content as string;
    expect(kb).toContain(`## Vocês vendem ingressos para shows?\n${answer}`);
    const learning = await db()
      .selectFrom('activities')
      .selectAll()
      .where('type', '=', 'ai_learning')
      .execute();
    expect(learning).toHaveLength(1);

    const third = await inbound(newPhone(), 'vcs vendem ingresso pra show?');
    const [reply] = await waitFor(async () => {
      const rows = await agentMessages(third.conversationId);
      return rows.length > 0 && rows;
    }, 'learnt answer');
    expect(reply!.content).toContain('Não vendemos ingressos');
    expect((await conversation(third.conversationId)).handler_mode).toBe('ai');

    expect((await client.post('/api/knowledge-gaps/nao-existe/dismiss')).status).toBe(404);
    expect((await client.post(`/api/knowledge-gaps/${gap!.id}/resolve`, { answer: '' })).status).toBe(400);
  });

  it('asks about a borderline question, keeps the conversation, and records a low-confidence gap', async () => {
    // Several passages fit "nf" and "compra": a clarifying question, not an answer or a handoff.
    const sent = await inbound(newPhone(), 'onde pego a nf da minha compra');
    const [reply] = await waitFor(async () => {
      const rows = await agentMessages(sent.conversationId);
      return rows.length > 0 && rows;
    }, 'borderline reply');
    expect(reply!.confidence_score).toBeLessThan(0.6);
    expect((await conversation(sent.conversationId)).handler_mode).toBe('ai');
    const gaps = (await client.get('/api/knowledge-gaps')).body.data as {
      question: string;
      reason: string;
    }[];
    expect(gaps.find((g) => g.question === 'onde pego a nf da minha compra')?.reason).toBe('low_confidence');
  });

  it('re-indexes as soon as the knowledge base is saved, and emits the reply live', async () => {
    const kb = (await client.get('/api/knowledge-base')).body.data.content as string;
    const extra =
      '## Vocês fazem entrega por drone?\nAinda não fazemos entregas por drone; usamos Correios e transportadoras.';
    expect((await client.post('/api/knowledge-base', { content: `${kb}\n\n${extra}\n` })).status).toBe(200);
    const base = await listen(ctx.app);
    const admin = await createAndLogin(ctx.app, 'admin');
    const socket = await joinedSocket(base, admin.token);
    try {
      const events = recordEvents<{ sender: string; content: string }>(socket, 'conversations:newMessage');
      const sent = await inbound(newPhone(), 'entregam por drone?');
      await waitFor(async () => events.received.some((e) => e.sender === 'agent'), 'live AI reply');
      const reply = events.received.find((e) => e.sender === 'agent');
      expect(reply?.content).toContain('drone');
      expect((await agentMessages(sent.conversationId))[0]?.ai_generated).toBe(1);
    } finally {
      socket.disconnect();
    }
  });

  it('reports its health (provider and a timed sample query)', async () => {
    const health = await client.get('/api/dashboard/health');
    const check = (
      health.body.data.systems as { name: string; status: string; responseTime: number; detail: string }[]
    ).find((s) => s.name === 'Agente de IA');
    expect(check?.status).toBe('operational');
    expect(check?.responseTime).toBeGreaterThanOrEqual(0);
    expect(check?.detail).toMatch(/base de conhecimento \(offline\); \d+ passagens/);
  });

  it('hands off when the agent job gives up for good', async () => {
    await client.post('/api/config', { aiEnabled: false });
    const sent = await inbound(newPhone(), 'Tem desconto no Pix?');
    await settle();
    await client.post('/api/config', { aiEnabled: true });
    const service = createAgentService({
      db: db(),
      messaging: ctx.app.domain.messaging,
      index: new KnowledgeIndexStore(),
      provider: async () => createRetrievalProvider(),
    });
    expect(await service.failed({ conversationId: sent.conversationId, messageId: sent.messageId })).toBe(
      'handed_off',
    );
    expect((await conversation(sent.conversationId)).handler_reason).toBe('falha do agente');
    expect(await service.failed({ conversationId: sent.conversationId, messageId: sent.messageId })).toBe(
      'superseded',
    );
    expect(await agentMessages(sent.conversationId)).toHaveLength(1);
  });

  it('keeps writes to admins', async () => {
    const operator = await createAndLogin(ctx.app, 'operator');
    const asOperator = api(ctx.app, operator.token);
    expect((await asOperator.get('/api/knowledge-gaps')).status).toBe(200);
    expect((await asOperator.post('/api/knowledge-gaps/x/dismiss')).status).toBe(403);
  });
});
