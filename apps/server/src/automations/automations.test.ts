import type { Conversation } from '@atende/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  bearer,
  createAndLogin,
  describeEachDatabase,
  listen,
  nextEvent,
  useTestApp,
} from '../../test/helpers.js';
import { api, joinedSocket, type TestSocket } from '../../test/simulator-kit.js';
import {
  type Person,
  ruleReads,
  runJobsButTheAgent,
  signInTeam,
  simulatedCustomers,
} from '../../test/team-fixtures.js';

/**
 * Automation rules on the real server: a rule built through the API acts on a simulated customer
 * (label, reply, round-robin), runs once per event, never talks over a person, never repeats the
 * same words to a customer within a day, stops chains of rules, and logs what it did; macros run on
 * the open conversation; an inbox's business hours send its out-of-office message.
 */
describeEachDatabase('automations', (kind) => {
  const ctx = useTestApp(kind);
  let admin: Person;
  let ana: Person;
  let financeiro = '';
  let inboxId = '';
  const sockets: TestSocket[] = [];
  const as = (token = admin.token) => api(ctx.app, token);
  const { newPhone, writes: customerWrites } = simulatedCustomers(as, 5511960000000);

  beforeAll(async () => {
    [admin, ana] = await signInTeam(ctx.app, 'admin', 'operator');
    financeiro = (await as().post('/api/labels', { name: 'Financeiro', color: 'emerald' })).body.data.id;
    inboxId = (await as().get('/api/inboxes')).body.data[0].id;
    // Ana is online with her dashboard open: round-robin may pick her.
    sockets.push(await joinedSocket(await listen(ctx.app), ana.token));
  });
  afterAll(() => {
    for (const socket of sockets) socket.disconnect();
  });

  /** Runs the due jobs but the agent's (these tests are about the rules). */
  const runJobs = () => runJobsButTheAgent(ctx.app, 5);
  const { runs, conversation, createRule } = ruleReads(as);
  const disable = async (id: string, rule: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/automations/${id}`,
      headers: bearer(admin.token),
      payload: { ...rule, enabled: false },
    });

  it('ships the greeting and out-of-office rules, enabled, and refuses to delete them', async () => {
    const rules = (await as().get('/api/automations')).body.data as Array<{
      id: string;
      builtin: string | null;
    }>;
    const builtins = rules.filter((r) => r.builtin).map((r) => r.builtin);
    expect(builtins.sort()).toEqual(['greeting', 'out_of_office']);
    const refused = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/automations/${rules.find((r) => r.builtin)?.id}`,
      headers: bearer(admin.token),
    });
    expect(refused.statusCode).toBe(409);
    expect((await as(ana.token).get('/api/automations')).status).toBe(403);
  });

  it('boleto → label Financeiro, a reply with the first name, then round-robin to Ana; once per event', async () => {
    const boleto = {
      name: 'Boleto',
      event: 'message_received',
      conditions: [{ type: 'text_contains', words: ['boleto', 'segunda via'] }],
      actions: [
        { type: 'add_label', labelId: financeiro },
        { type: 'send_message', text: 'Oi {primeiro_nome}, já vou ver seu boleto.' },
        { type: 'assign_round_robin', userIds: [ana.id] },
      ],
    };
    const rule = await createRule(boleto);
    const carla = newPhone();
    await as().post('/api/simulator/inbound', {
      phone: carla,
      name: 'Carla Souza',
      text: 'Preciso da 2ª via do BOLETO',
    });
    const { conversationId } = (
      await as().post('/api/simulator/inbound', { phone: carla, text: 'alguém aí?' })
    ).body.data;
    await runJobs();
    const c = await conversation(conversationId);
    expect(c.tags).toContain(financeiro);
    expect(c.handler).toMatchObject({ mode: 'human', userId: ana.id });
    const reply = c.messages.find((m) => m.content === 'Oi Carla, já vou ver seu boleto.');
    expect(reply).toMatchObject({ sender: 'agent', authorName: 'Automação · regra Boleto' });
    const log = await runs(conversationId);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ ruleName: 'Boleto', outcome: 'done' });
    expect(log[0]?.lines).toEqual([
      'etiqueta Financeiro adicionada',
      'mensagem enviada: "Oi {primeiro_nome}, já vou ver seu boleto."',
      `atribuída em rodízio a ${ana.name}`,
    ]);
    // The job again (a crash after its actions): nothing new.
    const job = await ctx.app.db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', 'automation_run')
      .where('payload', 'like', `%${rule.id}%`)
      .executeTakeFirstOrThrow();
    await ctx.app.db
      .updateTable('jobs')
      .set({ status: 'pending', run_at: 0 })
      .where('id', '=', job.id)
      .execute();
    await runJobs();
    const again = await conversation(conversationId);
    expect(again.messages.filter((m) => m.authorName === 'Automação · regra Boleto')).toHaveLength(1);
    expect(await runs(conversationId)).toHaveLength(1);
    await disable(rule.id, boleto);
  });

  it('never talks over a person, and never sends a customer the same words twice in a day', async () => {
    const greet = {
      name: 'Sempre responder',
      event: 'message_received',
      actions: [{ type: 'send_message', text: 'Recebemos sua mensagem.' }],
    };
    const rule = await createRule(greet);
    const first = await customerWrites('primeira');
    await customerWrites('segunda', first.phone);
    await runJobs();
    const lines = (await runs(first.conversationId)).map((r) => r.lines[0]);
    expect(lines).toContain('mensagem enviada: "Recebemos sua mensagem."');
    expect(lines).toContain(
      'mensagem não enviada: esta regra já a mandou a este cliente nas últimas 24 horas',
    );

    const held = await customerWrites('outra pessoa');
    await runJobs();
    await as(ana.token).post(`/api/conversations/${held.conversationId}/takeover`);
    await customerWrites('ainda aí?', held.phone);
    await ctx.app.db.deleteFrom('automation_sends').execute();
    await runJobs();
    expect((await runs(held.conversationId)).map((r) => r.lines[0])).toContain(
      'mensagem não enviada: uma pessoa atende esta conversa',
    );
    await disable(rule.id, greet);
  });

  it('a rule never triggers itself with its own actions', async () => {
    const bruno = await createAndLogin(ctx.app, 'operator');
    const passOn = {
      name: 'Repassar',
      event: 'assigned',
      actions: [{ type: 'assign_person', userId: bruno.user.id }],
    };
    const rule = await createRule(passOn);
    const { conversationId } = await customerWrites('quero falar com alguém');
    await as().post(`/api/conversations/${conversationId}/assign`, { userId: ana.id });
    await runJobs();
    // Its own assignment to Bruno is an "assigned" event too: it does not run again on it.
    const log = (await runs(conversationId)).filter((run) => run.ruleName === 'Repassar');
    expect(log).toHaveLength(1);
    expect((await conversation(conversationId)).handler).toMatchObject({
      mode: 'human',
      userId: bruno.user.id,
    });
    await disable(rule.id, passOn);
  });

  it('cuts a chain deeper than the limit', async () => {
    // Each rule hears what the previous one did: C1 → C2 → C3 → C4 (cut).
    const c4Label = (await as().post('/api/labels', { name: 'c4', color: 'sky' })).body.data.id as string;
    const rules = [
      {
        name: 'C1',
        event: 'message_received',
        conditions: [{ type: 'text_contains', words: ['profunda'] }],
        actions: [{ type: 'hand_off', reason: 'c1' }],
      },
      { name: 'C2', event: 'handed_off', actions: [{ type: 'assign_person', userId: ana.id }] },
      { name: 'C3', event: 'assigned', actions: [{ type: 'resolve' }] },
      { name: 'C4', event: 'resolved', actions: [{ type: 'add_label', labelId: c4Label }] },
    ];
    const created = [];
    for (const rule of rules) created.push(await createRule(rule));
    const { conversationId } = await customerWrites('cadeia profunda');
    await runJobs();
    const log = await runs(conversationId);
    const c4 = log.find((run) => run.ruleName === 'C4');
    expect(c4).toMatchObject({ outcome: 'cut' });
    expect((await conversation(conversationId)).tags).not.toContain(c4Label);
    for (const [i, rule] of rules.entries()) await disable(created[i]!.id, rule);
  });

  it('a loop of two rules that trigger each other stops at the depth limit, the cut logged', async () => {
    // Atribuir hears a hand-off and assigns; Devolver hears the assignment and hands off again.
    const loop = [
      { name: 'Atribuir', event: 'handed_off', actions: [{ type: 'assign_person', userId: ana.id }] },
      {
        name: 'Devolver',
        event: 'assigned',
        actions: [{ type: 'stop_ai' }, { type: 'hand_off', reason: 'laço' }],
      },
    ];
    const created = [];
    for (const rule of loop) created.push(await createRule(rule));
    const { conversationId } = await customerWrites('quero falar com alguém do financeiro');
    await runJobs();
    await ctx.app.domain.messaging.changeHandler(conversationId, {
      mode: 'waiting_human',
      reason: 'pedido do cliente',
    });
    await runJobs();
    const log = await runs(conversationId);
    // Atribuir → Devolver → Atribuir, then Devolver would be the fourth in a row: cut (logged while
    // the third run was still acting, so before that run's own line).
    expect(log.map((run) => `${run.ruleName} ${run.outcome}`).sort()).toEqual([
      'Atribuir done',
      'Atribuir done',
      'Devolver cut',
      'Devolver done',
    ]);
    expect(log.find((run) => run.outcome === 'cut')?.lines).toEqual([
      'cadeia de 3 regras seguidas interrompida: esta regra não rodou',
    ]);
    expect((await conversation(conversationId)).handler).toMatchObject({ mode: 'human', userId: ana.id });
    const handoffs = await ctx.app.db
      .selectFrom('handler_changes')
      .select('to_mode')
      .where('conversation_id', '=', conversationId)
      .orderBy('at')
      .orderBy('id')
      .execute();
    expect(handoffs.map((change) => change.to_mode)).toEqual([
      'waiting_human',
      'human',
      'paused',
      'waiting_human',
      'human',
    ]);
    for (const [i, rule] of loop.entries()) await disable(created[i]!.id, rule);
  });

  it('a macro sends as the person who runs it, and not into a colleague’s conversation', async () => {
    const macro = await as(ana.token).post('/api/macros', {
      name: 'Boleto por e-mail',
      actions: [{ type: 'send_message', text: 'Olá {primeiro_nome}, sou {atendente} e enviei seu boleto.' }],
    });
    expect(macro.status).toBe(200);
    const mine = await customerWrites('cadê meu boleto?');
    await as(ana.token).post(`/api/conversations/${mine.conversationId}/takeover`);
    const run = await as(ana.token).post(`/api/macros/${macro.body.data.id}/run`, {
      conversationId: mine.conversationId,
    });
    expect(run.body.data.lines).toEqual([
      'mensagem enviada: "Olá {primeiro_nome}, sou {atendente} e enviei seu boleto."',
    ]);
    const sent = (await conversation(mine.conversationId)).messages.filter((m) => m.authorName === ana.name);
    expect(sent.map((m) => m.content)).toEqual([`Olá cliente, sou ${ana.name} e enviei seu boleto.`]);

    const bruno = await createAndLogin(ctx.app, 'operator');
    const theirs = await customerWrites('oi de novo');
    await as(bruno.token).post(`/api/conversations/${theirs.conversationId}/takeover`);
    const refused = await as(ana.token).post(`/api/macros/${macro.body.data.id}/run`, {
      conversationId: theirs.conversationId,
    });
    expect(refused.body.data.lines).toEqual(['mensagem não enviada: uma pessoa atende esta conversa']);
    expect(
      (await conversation(theirs.conversationId)).messages.filter((m) => m.authorName === ana.name),
    ).toEqual([]);
  });

  it('out of hours, a new customer gets the inbox’s out-of-office message (its time zone)', async () => {
    const closed = {
      enabled: true,
      timeZone: 'America/Manaus',
      week: [[], [], [], [], [], [], []],
      holidays: [],
      greeting: 'Olá! Como podemos ajudar?',
      outOfOffice: 'Estamos fechados agora; respondemos amanhã a partir das 8h (horário de Manaus).',
    };
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/inboxes/${inboxId}/business-hours`,
      headers: bearer(admin.token),
      payload: closed,
    });
    expect(saved.statusCode).toBe(200);
    await ctx.app.automations.cache.refresh();
    const { conversationId } = await customerWrites('Oi, vocês estão abertos?');
    await runJobs();
    const c = await conversation(conversationId);
    expect(c.messages.map((m) => m.content)).toContain(closed.outOfOffice);
    expect(c.messages.map((m) => m.content)).not.toContain(closed.greeting);
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/inboxes/${inboxId}/business-hours`,
      headers: bearer(admin.token),
      payload: { ...closed, enabled: false },
    });
    await ctx.app.automations.cache.refresh();
  });

  it('a missed first-response target shows on the list and fires the “no reply from us” rules without a time', async () => {
    const targets = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/inboxes/${inboxId}`,
      headers: bearer(admin.token),
      payload: { sla: { firstResponseMinutes: 10, resolutionMinutes: null } },
    });
    expect(targets.statusCode).toBe(200);
    expect(targets.json().data.sla).toEqual({ firstResponseMinutes: 10, resolutionMinutes: null });
    const breach = {
      name: 'Meta estourada',
      event: 'no_reply_from_us',
      after: null,
      actions: [{ type: 'add_note', text: 'Meta de primeira resposta perdida' }],
    };
    const rule = await createRule(breach);
    const { conversationId } = await customerWrites('alguém pode me responder?');
    await ctx.app.db
      .updateTable('conversations')
      .set({ awaiting_since: Date.now() - 15 * 60_000, started_at: Date.now() - 15 * 60_000 })
      .where('id', '=', conversationId)
      .execute();
    const row = ((await as().get('/api/conversations?limit=200')).body.data as Conversation[]).find(
      (c) => c.id === conversationId,
    );
    expect(row?.sla).toMatchObject({ kind: 'first_response', state: 'breached' });
    expect((await conversation(conversationId)).sla).toMatchObject({
      kind: 'first_response',
      state: 'breached',
    });
    await ctx.app.db.updateTable('jobs').set({ run_at: 0 }).where('kind', '=', 'automation_sweep').execute();
    await runJobs();
    expect((await runs(conversationId)).map((r) => r.ruleName)).toContain('Meta estourada');
    await disable(rule.id, breach);
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/inboxes/${inboxId}`,
      headers: bearer(admin.token),
      payload: { sla: { firstResponseMinutes: null, resolutionMinutes: null } },
    });
  });

  it('tests a rule against a past conversation without doing anything', async () => {
    const { conversationId } = await customerWrites('quero pagar com boleto');
    const before = await conversation(conversationId);
    const result = await as().post('/api/automations/test', {
      conversationId,
      rule: {
        name: 'Teste',
        event: 'message_received',
        conditions: [
          { type: 'text_contains', words: ['boleto'] },
          { type: 'handler', handler: 'person' },
        ],
        actions: [{ type: 'add_label', labelId: financeiro }],
      },
    });
    expect(result.status).toBe(200);
    expect(result.body.data).toEqual({
      conditions: [
        { label: 'o texto contém boleto', matched: true },
        { label: 'uma pessoa atende', matched: false },
      ],
      matched: false,
      actions: ['adicionar a etiqueta Financeiro'],
    });
    expect((await conversation(conversationId)).tags).toEqual(before.tags);
  });

  it('macros: an operator runs a personal one on the open conversation; shared ones are the admins’', async () => {
    const refused = await as(ana.token).post('/api/macros', {
      name: 'Equipe',
      shared: true,
      actions: [{ type: 'resolve' }],
    });
    expect(refused.status).toBe(403);
    const macro = await as(ana.token).post('/api/macros', {
      name: 'Boleto enviado',
      actions: [
        { type: 'add_label', labelId: financeiro },
        { type: 'add_note', text: 'Boleto enviado por e-mail' },
        { type: 'resolve' },
      ],
    });
    expect(macro.status).toBe(200);
    const { conversationId } = await customerWrites('me manda o boleto');
    const watcher = await joinedSocket(await listen(ctx.app), admin.token);
    sockets.push(watcher);
    const resolved = nextEvent(watcher, 'conversations:statusUpdate');
    const run = await as(ana.token).post(`/api/macros/${macro.body.data.id}/run`, { conversationId });
    expect(run.status).toBe(200);
    expect(run.body.data.lines).toEqual([
      'etiqueta Financeiro adicionada',
      'nota privada adicionada',
      'conversa finalizada',
    ]);
    expect(await resolved).toMatchObject({ conversationId, status: 'completed' });
    // Someone else's personal macro does not exist for them.
    expect((await as().post(`/api/macros/${macro.body.data.id}/run`, { conversationId })).status).toBe(404);
  });

  it('refuses rules that are not data it knows, with a pt-BR message', async () => {
    const bad = await as().post('/api/automations', {
      name: 'Código',
      event: 'message_received',
      actions: [{ type: 'eval', code: 'process.exit()' }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.success).toBe(false);
    const noWait = await as().post('/api/automations', {
      name: 'Sem tempo',
      event: 'no_reply_from_customer',
      actions: [{ type: 'resolve' }],
    });
    expect(noWait.status).toBe(400);
  });
});
