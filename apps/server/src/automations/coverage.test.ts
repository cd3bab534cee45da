import {
  type AutomationAction,
  type AutomationCondition,
  type AutomationEvent,
  automationActionSchema,
  automationConditionSchema,
  automationEventSchema,
  type Conversation,
  type SimulatorOutboxItem,
} from '@atende/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, describeEachDatabase, listen, useTestApp } from '../../test/helpers.js';
import { api, joinedSocket, type TestSocket } from '../../test/simulator-kit.js';
import {
  type Person,
  ruleReads,
  runJobsButTheAgent,
  signInTeam,
  simulatedCustomers,
} from '../../test/team-fixtures.js';
import type { ReceivedPost } from '../../test/webhook-receiver.js';
import { startWebhookReceiver } from '../../test/webhook-receiver.js';
import {
  FAKE_PHONE_NUMBER_ID,
  FAKE_TOKEN,
  FAKE_WABA_ID,
  type FakeGraph,
  startFakeGraph,
} from '../channels/cloud-api/test-support/fake-graph.js';
import {
  APP_SECRET,
  change,
  contact,
  signedHeaders,
  textMessage,
  webhook,
} from '../channels/cloud-api/test-support/webhook-fixtures.js';
import { localClock } from './business-hours.js';

type ConditionType = AutomationCondition['type'];
type ActionType = AutomationAction['type'];

/** A conversation a case acts on, and how to reach its customer. */
interface Target {
  conversationId: string;
  phone: string;
  inbox: 'simulator' | 'cloud';
}

/** How to make one event happen to a fresh conversation. */
interface EventCase {
  after?: number | null;
  fire(): Promise<Target>;
}

/**
 * What a rule's conditions are checked against. Each listed condition is a rule of its own: those in
 * `holds` must run on the situation's event, those in `fails` must not.
 */
interface ConditionCase {
  situation: Situation;
  holds: AutomationCondition[];
  fails: AutomationCondition[];
}
type Situation = 'ai_message' | 'person_message' | 'waiting_message' | 'closed_message' | 'agent_handoff';

interface ActionCase {
  /** Whether it writes to the customer: refused while a person holds the conversation. */
  sends: boolean;
  inbox?: 'cloud';
  /** Before the rule runs (the conversation exists, no rule of the case is on yet). */
  prepare?(target: Target): Promise<void>;
  action(target: Target): AutomationAction;
  /** The run-log line it writes. */
  line: string | RegExp | ((target: Target) => string | RegExp);
  /** The real effect, read back from the database, the simulator, the fake Graph or the receiver. */
  observe(target: Target): Promise<void>;
}

const conditionTypes = automationConditionSchema.options.map((o) => o.shape.type.value);
const actionTypes = automationActionSchema.options.map((o) => o.shape.type.value);

/**
 * Every event, condition and action of the rule schema on the real server, table-driven from the
 * schema's own lists (a kind added to the contracts without a case here fails the suite): each event
 * runs a rule and the rule's note appears; each condition holds where it should and not where it
 * should not; each action's effect is read back (database, the simulator's outbox, the fake Graph,
 * a real HTTP receiver) with its run-log line. And every action that writes to the customer is
 * refused while a person holds the conversation.
 */
describeEachDatabase('automations: every event, condition and action', (kind) => {
  let graph: FakeGraph;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    graph = await startFakeGraph();
    receiver = await startWebhookReceiver();
    Object.assign(env, {
      CHANNEL: 'simulator',
      WHATSAPP_APP_SECRET: APP_SECRET,
      WHATSAPP_GRAPH_URL: graph.url,
      WHATSAPP_ALLOW_PRIVATE: 'true',
      INTEGRATIONS_ALLOW_PRIVATE: 'true',
    });
  });
  afterAll(async () => {
    await graph.close();
    await receiver.close();
  });
  const ctx = useTestApp(kind, env);

  let admin: Person;
  let ana: Person;
  let bruno: Person;
  let simulatorInbox = '';
  let cloudInbox = '';
  const labels = { vip: '', financeiro: '', outra: '' };
  let cannedReplyId = '';
  const sockets: TestSocket[] = [];
  const as = (token = admin.token) => api(ctx.app, token);
  const customers = simulatedCustomers(as, 5511970000000);

  beforeAll(async () => {
    [admin, ana, bruno] = await signInTeam(ctx.app, 'admin', 'operator', 'operator');
    labels.vip = (await as().post('/api/labels', { name: 'VIP', color: 'amber' })).body.data.id;
    labels.financeiro = (
      await as().post('/api/labels', { name: 'Financeiro', color: 'emerald' })
    ).body.data.id;
    labels.outra = (await as().post('/api/labels', { name: 'Outra', color: 'sky' })).body.data.id;
    const canned = await as().post('/api/canned-replies', {
      shortcut: 'boleto',
      content: 'Olá {primeiro_nome}, a {empresa} enviou seu boleto pela caixa {caixa}. Sou {atendente}.',
    });
    expect(canned.status, JSON.stringify(canned.body)).toBe(200);
    cannedReplyId = canned.body.data.id;
    simulatorInbox = (await as().get('/api/inboxes')).body.data[0].id;
    const cloud = await ctx.app.inject({
      method: 'POST',
      url: '/api/inboxes',
      headers: bearer(admin.token),
      payload: {
        kind: 'cloud-api',
        name: 'Vendas',
        settings: {
          phoneNumberId: FAKE_PHONE_NUMBER_ID,
          accessToken: FAKE_TOKEN,
          businessAccountId: FAKE_WABA_ID,
        },
      },
    });
    expect(cloud.statusCode, cloud.body).toBe(200);
    cloudInbox = cloud.json().data.id;
    await waitFor(async () => ctx.app.domain.inboxes.channelOf(cloudInbox)?.templates);
    // Ana and Bruno are online with their dashboards open: round-robin may pick either.
    const base = await listen(ctx.app);
    sockets.push(await joinedSocket(base, ana.token), await joinedSocket(base, bruno.token));
  });
  afterAll(() => {
    for (const socket of sockets) socket.disconnect();
  });

  /** Polls until `check` answers something truthy, running due jobs (never the agent's) meanwhile. */
  async function waitFor<T>(check: () => Promise<T | undefined | null | false>, ms = 10_000): Promise<T> {
    const until = Date.now() + ms;
    for (;;) {
      const value = await check();
      if (value) return value;
      if (Date.now() > until) throw new Error('condition not met in time');
      await runJobs();
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  /** Runs the due jobs but the agent's (these tests are about the rules). */
  const runJobs = () => runJobsButTheAgent(ctx.app, 4);
  const simulatorWrites = async (text: string, from?: string, name?: string): Promise<Target> => {
    const written = await customers.writes(text, from, name);
    return { conversationId: written.conversationId, phone: written.phone, inbox: 'simulator' };
  };
  const cloudWrites = async (
    text: string,
    from = customers.newPhone(),
    name = 'Rita Prado',
  ): Promise<Target> => {
    const message = textMessage(from, text);
    const raw = JSON.stringify(webhook([change({ contacts: [contact(from, name)], messages: [message] })]));
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/webhooks/whatsapp',
      payload: raw,
      headers: signedHeaders(raw),
    });
    expect(response.statusCode).toBe(200);
    const row = await ctx.app.db
      .selectFrom('messages')
      .select('conversation_id')
      .where('provider_message_id', '=', message.id as string)
      .executeTakeFirstOrThrow();
    return { conversationId: row.conversation_id, phone: from, inbox: 'cloud' };
  };
  const writesAgain = (target: Target, text: string) =>
    target.inbox === 'cloud' ? cloudWrites(text, target.phone) : simulatorWrites(text, target.phone);
  const { runs, conversation, createRule } = ruleReads(as);
  const automationMessages = async (id: string) =>
    (await conversation(id)).messages.filter((m) => m.authorName?.startsWith('Automação'));
  const outbox = async (to: string) =>
    (await as().get(`/api/simulator/outbox?phone=${to}`)).body.data as SimulatorOutboxItem[];
  const notes = async (conversationId: string) =>
    ctx.app.db
      .selectFrom('conversation_timeline')
      .select(['text', 'author_name'])
      .where('conversation_id', '=', conversationId)
      .where('kind', '=', 'note')
      .execute();
  const removeRule = async (id: string) => {
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/automations/${id}`,
      headers: bearer(admin.token),
    });
    expect(response.statusCode).toBe(200);
  };
  const setHours = async (inboxId: string, hours: Record<string, unknown>) => {
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/inboxes/${inboxId}/business-hours`,
      headers: bearer(admin.token),
      payload: hours,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await ctx.app.automations.cache.refresh();
  };
  const CLOSED = {
    enabled: true,
    timeZone: 'America/Manaus',
    week: [[], [], [], [], [], [], []],
    holidays: [],
    greeting: 'Olá {primeiro_nome}! Bem-vindo à {caixa}.',
    outOfOffice: 'Estamos fechados, {primeiro_nome}; voltamos amanhã.',
  };
  const runSweep = async () => {
    // The sweep of this minute may have run already (its next one is due at the next minute).
    await ctx.app.db
      .updateTable('jobs')
      .set({ run_at: 0, status: 'pending' })
      .where('kind', '=', 'automation_sweep')
      .execute();
    await runJobs();
  };

  describe('events', () => {
    const cases: Record<AutomationEvent, EventCase> = {
      conversation_created: { fire: () => simulatorWrites('primeira mensagem') },
      message_received: { fire: () => simulatorWrites('uma mensagem') },
      outside_business_hours: {
        async fire() {
          await setHours(simulatorInbox, CLOSED);
          try {
            const target = await simulatorWrites('vocês estão abertos?');
            await runJobs();
            return target;
          } finally {
            await setHours(simulatorInbox, { ...CLOSED, enabled: false });
          }
        },
      },
      handed_off: {
        async fire() {
          const target = await simulatorWrites('quero uma pessoa');
          await ctx.app.domain.messaging.changeHandler(target.conversationId, {
            mode: 'waiting_human',
            reason: 'pedido do cliente',
          });
          return target;
        },
      },
      assigned: {
        async fire() {
          const target = await simulatorWrites('me atende?');
          const assigned = await as().post(`/api/conversations/${target.conversationId}/assign`, {
            userId: ana.id,
          });
          expect(assigned.status).toBe(200);
          return target;
        },
      },
      resolved: {
        async fire() {
          const target = await simulatorWrites('era só isso');
          expect((await as().post(`/api/conversations/${target.conversationId}/resolve`)).status).toBe(200);
          return target;
        },
      },
      csat_received: {
        async fire() {
          const target = await simulatorWrites('obrigado, resolvido');
          expect((await as().post(`/api/conversations/${target.conversationId}/resolve`)).status).toBe(200);
          await waitFor(async () => (await outbox(target.phone)).some((item) => item.kind === 'rating'));
          await simulatorWrites('5', target.phone);
          return target;
        },
      },
      no_reply_from_us: {
        after: 5,
        async fire() {
          const target = await simulatorWrites('alguém aí?');
          await ctx.app.db
            .updateTable('conversations')
            .set({ awaiting_since: Date.now() - 10 * 60_000 })
            .where('id', '=', target.conversationId)
            .execute();
          await runSweep();
          return target;
        },
      },
      no_reply_from_customer: {
        after: 2,
        async fire() {
          const target = await simulatorWrites('vou ver e te falo');
          await ctx.app.db
            .updateTable('conversations')
            .set({ awaiting_since: null, last_message_time: Date.now() - 3 * 3_600_000 })
            .where('id', '=', target.conversationId)
            .execute();
          await runSweep();
          return target;
        },
      },
    };

    it('has a case for every event of the schema', () => {
      expect(Object.keys(cases).sort()).toEqual([...automationEventSchema.options].sort());
    });

    for (const [event, c] of Object.entries(cases) as Array<[AutomationEvent, EventCase]>) {
      it(`${event}: the rule runs once and its note is written`, async () => {
        const rule = await createRule({
          name: `Evento ${event}`,
          event,
          ...(c.after !== undefined ? { after: c.after } : {}),
          actions: [{ type: 'add_note', text: `nota do evento ${event}` }],
        });
        try {
          const target = await c.fire();
          await runJobs();
          const log = (await runs(target.conversationId)).filter((run) => run.ruleId === rule.id);
          expect(log).toEqual([
            expect.objectContaining({ event, outcome: 'done', lines: ['nota privada adicionada'] }),
          ]);
          expect(await notes(target.conversationId)).toContainEqual({
            text: `nota do evento ${event}`,
            author_name: `Automação · regra Evento ${event}`,
          });
        } finally {
          await removeRule(rule.id);
        }
      });
    }
  });

  describe('conditions', () => {
    // A day_time condition reads the inbox's clock (its business hours' time zone), so "today" must too.
    const today = () => localClock(Date.now(), CLOSED.timeZone).day;
    const cases: Record<ConditionType, ConditionCase[]> = {
      inbox: [
        {
          situation: 'ai_message',
          holds: [{ type: 'inbox', inboxIds: ['default'] }],
          fails: [{ type: 'inbox', inboxIds: ['outra-caixa'] }],
        },
      ],
      label: [
        {
          situation: 'ai_message',
          holds: [
            { type: 'label', labelId: 'vip', present: true },
            { type: 'label', labelId: 'outra', present: false },
          ],
          fails: [
            { type: 'label', labelId: 'vip', present: false },
            { type: 'label', labelId: 'outra', present: true },
          ],
        },
      ],
      text_contains: [
        {
          situation: 'ai_message',
          holds: [{ type: 'text_contains', words: ['pix', 'BOLETO'] }],
          fails: [{ type: 'text_contains', words: ['cartão', 'reembolso'] }],
        },
      ],
      text_matches: [
        {
          situation: 'ai_message',
          holds: [
            { type: 'text_matches', pattern: '*segunda via*' },
            { type: 'text_matches', pattern: 'preciso*' },
          ],
          fails: [
            { type: 'text_matches', pattern: 'boleto*' },
            { type: 'text_matches', pattern: '*segunda ?ia' },
          ],
        },
      ],
      client_field: [
        {
          situation: 'ai_message',
          holds: [
            { type: 'client_field', field: 'name', operator: 'contains', value: 'carla' },
            { type: 'client_field', field: 'email', operator: 'contains', value: '@exemplo.com' },
            { type: 'client_field', field: 'phone', operator: 'not_empty', value: '' },
            { type: 'client_field', field: 'notes', operator: 'empty', value: '' },
          ],
          fails: [
            { type: 'client_field', field: 'name', operator: 'contains', value: 'joão' },
            { type: 'client_field', field: 'email', operator: 'empty', value: '' },
            { type: 'client_field', field: 'notes', operator: 'not_empty', value: '' },
          ],
        },
      ],
      handler: [
        {
          situation: 'ai_message',
          holds: [{ type: 'handler', handler: 'ai' }],
          fails: [
            { type: 'handler', handler: 'person' },
            { type: 'handler', handler: 'waiting' },
          ],
        },
        {
          situation: 'person_message',
          holds: [{ type: 'handler', handler: 'person' }],
          fails: [{ type: 'handler', handler: 'ai' }],
        },
        {
          situation: 'waiting_message',
          holds: [{ type: 'handler', handler: 'waiting' }],
          fails: [{ type: 'handler', handler: 'person' }],
        },
      ],
      confidence_below: [
        {
          situation: 'agent_handoff',
          holds: [{ type: 'confidence_below', threshold: 0.5 }],
          fails: [{ type: 'confidence_below', threshold: 0.2 }],
        },
        {
          // A person's hand-off carries no confidence: the condition does not hold.
          situation: 'waiting_message',
          holds: [],
          fails: [{ type: 'confidence_below', threshold: 1 }],
        },
      ],
      business_hours: [
        {
          situation: 'ai_message',
          holds: [{ type: 'business_hours', inside: true }],
          fails: [{ type: 'business_hours', inside: false }],
        },
        {
          situation: 'closed_message',
          holds: [{ type: 'business_hours', inside: false }],
          fails: [{ type: 'business_hours', inside: true }],
        },
      ],
      day_time: [
        {
          situation: 'ai_message',
          holds: [{ type: 'day_time', days: [0, 1, 2, 3, 4, 5, 6], from: '00:00', to: '23:59' }],
          fails: [{ type: 'day_time', days: [], from: '00:00', to: '23:59' }],
        },
      ],
    };

    it('has a case for every condition of the schema', () => {
      expect(Object.keys(cases).sort()).toEqual([...conditionTypes].sort());
    });

    /** The ids the table names by key ('vip', 'default'), made real; days relative to today. */
    const resolve = (condition: AutomationCondition): AutomationCondition => {
      if (condition.type === 'label')
        return { ...condition, labelId: labels[condition.labelId as keyof typeof labels] };
      if (condition.type === 'inbox')
        return {
          ...condition,
          inboxIds: condition.inboxIds.map((id) => (id === 'default' ? simulatorInbox : id)),
        };
      if (condition.type === 'day_time') {
        const day = today();
        const days = condition.days.length === 7 ? [day] : [0, 1, 2, 3, 4, 5, 6].filter((d) => d !== day);
        return { ...condition, days };
      }
      return condition;
    };

    /** Sets the situation up on a fresh conversation (rules off), then makes its event happen. */
    const situations: Record<
      Situation,
      { event: AutomationEvent; prepare(): Promise<Target>; fire(t: Target): Promise<void> }
    > = {
      ai_message: {
        event: 'message_received',
        async prepare() {
          const target = await simulatorWrites('oi', customers.newPhone(), 'Carla Souza');
          const client = await as().get(`/api/conversations/${target.conversationId}?messagesLimit=1`);
          const clientId = client.body.data.clientId as string;
          const patched = await ctx.app.inject({
            method: 'PATCH',
            url: `/api/clients/${clientId}`,
            headers: bearer(admin.token),
            payload: { email: 'carla@exemplo.com' },
          });
          expect(patched.statusCode, patched.body).toBe(200);
          await ctx.app.domain.messaging.setLabels(target.conversationId, [labels.vip]);
          return target;
        },
        async fire(target) {
          await simulatorWrites('Preciso da segunda via do boleto', target.phone);
        },
      },
      person_message: {
        event: 'message_received',
        async prepare() {
          const target = await simulatorWrites('oi');
          await as().post(`/api/conversations/${target.conversationId}/assign`, { userId: ana.id });
          return target;
        },
        async fire(target) {
          await simulatorWrites('ainda aí?', target.phone);
        },
      },
      waiting_message: {
        event: 'message_received',
        async prepare() {
          const target = await simulatorWrites('oi');
          await ctx.app.domain.messaging.changeHandler(target.conversationId, {
            mode: 'waiting_human',
            reason: 'pedido do cliente',
          });
          return target;
        },
        async fire(target) {
          await simulatorWrites('cadê a pessoa?', target.phone);
        },
      },
      closed_message: {
        event: 'message_received',
        async prepare() {
          const target = await simulatorWrites('oi');
          await setHours(simulatorInbox, { ...CLOSED, greeting: '', outOfOffice: '' });
          return target;
        },
        async fire(target) {
          try {
            await simulatorWrites('e agora?', target.phone);
          } finally {
            await setHours(simulatorInbox, { ...CLOSED, enabled: false });
          }
        },
      },
      agent_handoff: {
        event: 'handed_off',
        prepare: () => simulatorWrites('quero cancelar meu contrato'),
        async fire(target) {
          const row = await ctx.app.db
            .selectFrom('messages')
            .select('id')
            .where('conversation_id', '=', target.conversationId)
            .where('sender', '=', 'client')
            .executeTakeFirstOrThrow();
          const outcome = await ctx.app.domain.messaging.appendAgentReply({
            conversationId: target.conversationId,
            content: 'Vou chamar uma pessoa da equipe.',
            confidence: 0.3,
            evidence: [],
            providerMessageId: `AI-${row.id}`,
            answeredBy: [`AI-${row.id}`, `HO-${row.id}`],
            handOff: { reason: 'pouca confiança', cause: 'low_confidence' },
          });
          expect(outcome).toBe('stored');
        },
      },
    };

    for (const [type, list] of Object.entries(cases) as Array<[ConditionType, ConditionCase[]]>) {
      for (const [n, c] of list.entries()) {
        it(`${type} (${c.situation}): holds ${c.holds.length}, fails ${c.fails.length}`, async () => {
          if (type === 'day_time') {
            // The inbox's clock in a known zone, whatever ran before (hours off: every message is open).
            await setHours(simulatorInbox, { ...CLOSED, enabled: false });
            // Not across midnight (the day would change between the rule and the event).
            const { minutes } = localClock(Date.now(), CLOSED.timeZone);
            if (minutes >= 23 * 60 + 58)
              await new Promise((r) => setTimeout(r, (24 * 60 - minutes + 1) * 60_000));
          }
          const situation = situations[c.situation];
          const target = await situation.prepare();
          await runJobs();
          const made: Array<{ id: string; expected: boolean; name: string }> = [];
          for (const [i, condition] of [
            ...c.holds.map((x) => [true, x] as const),
            ...c.fails.map((x) => [false, x] as const),
          ].entries()) {
            const name = `${type} ${n}.${i} ${condition[0] ? 'vale' : 'não vale'}`;
            const rule = await createRule({
              name,
              event: situation.event,
              conditions: [resolve(condition[1])],
              actions: [{ type: 'add_note', text: `condição ${name}` }],
            });
            made.push({ id: rule.id, expected: condition[0], name });
          }
          try {
            await situation.fire(target);
            await runJobs();
            const log = await runs(target.conversationId);
            const written = (await notes(target.conversationId)).map((note) => note.text);
            for (const rule of made) {
              const ran = log.filter((run) => run.ruleId === rule.id);
              if (rule.expected) {
                expect(ran, rule.name).toEqual([
                  expect.objectContaining({
                    event: situation.event,
                    outcome: 'done',
                    lines: ['nota privada adicionada'],
                  }),
                ]);
                expect(written, rule.name).toContain(`condição ${rule.name}`);
              } else {
                expect(ran, rule.name).toEqual([]);
                expect(written, rule.name).not.toContain(`condição ${rule.name}`);
              }
            }
          } finally {
            for (const rule of made) await removeRule(rule.id);
          }
        });
      }
    }
  });

  describe('actions', () => {
    const handlerOf = async (id: string) => (await conversation(id)).handler;
    const cases: Record<ActionType, ActionCase> = {
      assign_person: {
        sends: false,
        action: () => ({ type: 'assign_person', userId: bruno.id }),
        line: () => `atribuída a ${bruno.name}`,
        async observe(t) {
          expect(await handlerOf(t.conversationId)).toMatchObject({ mode: 'human', userId: bruno.id });
        },
      },
      assign_round_robin: {
        sends: false,
        action: () => ({ type: 'assign_round_robin', userIds: [ana.id, bruno.id] }),
        line: /^atribuída em rodízio a /,
        async observe(t) {
          const handler = await handlerOf(t.conversationId);
          expect(handler.mode).toBe('human');
          expect([ana.id, bruno.id]).toContain(handler.userId);
          const [line] = (await runs(t.conversationId))[0]?.lines ?? [];
          expect(line).toBe(`atribuída em rodízio a ${handler.userId === ana.id ? ana.name : bruno.name}`);
        },
      },
      add_label: {
        sends: false,
        action: () => ({ type: 'add_label', labelId: labels.financeiro }),
        line: 'etiqueta Financeiro adicionada',
        async observe(t) {
          expect((await conversation(t.conversationId)).tags).toContain(labels.financeiro);
        },
      },
      remove_label: {
        sends: false,
        prepare: async (t) => {
          await ctx.app.domain.messaging.setLabels(t.conversationId, [labels.vip, labels.financeiro]);
        },
        action: () => ({ type: 'remove_label', labelId: labels.vip }),
        line: 'etiqueta VIP removida',
        async observe(t) {
          expect((await conversation(t.conversationId)).tags).toEqual([labels.financeiro]);
        },
      },
      send_message: {
        sends: true,
        action: () => ({
          type: 'send_message',
          text: 'Oi {primeiro_nome} ({nome}), aqui é a {empresa} na {caixa}.',
        }),
        line: 'mensagem enviada: "Oi {primeiro_nome} ({nome}), aqui é a {empresa} na {caixa}."',
        async observe(t) {
          const sent = await automationMessages(t.conversationId);
          expect(sent).toHaveLength(1);
          expect(sent[0]?.content).toMatch(/^Oi Lúcia \(Lúcia Ramos\), aqui é a .+ na .+\.$/);
          expect(sent[0]?.content).not.toContain('{');
          const delivered = await waitFor(async () =>
            (await outbox(t.phone)).find((item) => item.text === sent[0]?.content),
          );
          expect(delivered.kind).toBe('text');
        },
      },
      send_canned_reply: {
        sends: true,
        action: () => ({ type: 'send_canned_reply', cannedReplyId }),
        // The log quotes the reply as written: the customer's name stays out of it.
        line: 'mensagem enviada: "Olá {primeiro_nome}, a {empresa} enviou seu boleto pela cai…"',
        async observe(t) {
          const sent = await automationMessages(t.conversationId);
          expect(sent).toHaveLength(1);
          expect(sent[0]?.content).toMatch(
            /^Olá Lúcia, a .+ enviou seu boleto pela caixa .+\. Sou a equipe\.$/,
          );
          expect(sent[0]?.content).not.toContain('{');
          await waitFor(async () => (await outbox(t.phone)).find((item) => item.text === sent[0]?.content));
        },
      },
      send_inbox_message: {
        sends: true,
        prepare: async () => {
          await setHours(simulatorInbox, {
            ...CLOSED,
            week: Array.from({ length: 7 }, () => [{ from: '00:00', to: '23:59' }]),
          });
        },
        action: () => ({ type: 'send_inbox_message', message: 'greeting' }),
        line: 'mensagem enviada: "Olá {primeiro_nome}! Bem-vindo à {caixa}."',
        async observe(t) {
          await setHours(simulatorInbox, { ...CLOSED, enabled: false });
          const sent = await automationMessages(t.conversationId);
          expect(sent.map((m) => m.content)).toEqual([
            expect.stringMatching(/^Olá Lúcia! Bem-vindo à .+\.$/),
          ]);
          await waitFor(async () => (await outbox(t.phone)).find((item) => item.text === sent[0]?.content));
        },
      },
      send_template: {
        sends: true,
        inbox: 'cloud',
        action: () => ({
          type: 'send_template',
          name: 'retomar_atendimento',
          language: 'pt_BR',
          parameters: ['{primeiro_nome}', 'seu pedido'],
        }),
        line: 'modelo retomar_atendimento enviado',
        async observe(t) {
          const sent = await automationMessages(t.conversationId);
          expect(sent.map((m) => m.content)).toEqual([
            'Olá Rita, podemos continuar seu atendimento sobre seu pedido?',
          ]);
          const request = await waitFor(async () =>
            graph
              .sends()
              .find(
                (r) =>
                  (r.body as { to?: string; type?: string }).to === t.phone &&
                  (r.body as { type?: string }).type === 'template',
              ),
          );
          expect(request.body).toMatchObject({
            type: 'template',
            template: {
              name: 'retomar_atendimento',
              language: { code: 'pt_BR' },
              components: [
                {
                  type: 'body',
                  parameters: [
                    { type: 'text', text: 'Rita' },
                    { type: 'text', text: 'seu pedido' },
                  ],
                },
              ],
            },
          });
        },
      },
      add_note: {
        sends: false,
        action: () => ({ type: 'add_note', text: 'Cliente {nome} pediu boleto' }),
        line: 'nota privada adicionada',
        async observe(t) {
          expect(await notes(t.conversationId)).toEqual([
            { text: 'Cliente Lúcia Ramos pediu boleto', author_name: 'Automação · regra Ação add_note' },
          ]);
        },
      },
      snooze: {
        sends: false,
        action: () => ({ type: 'snooze', minutes: 90 }),
        line: 'adiada por 90 min',
        async observe(t) {
          const c = await conversation(t.conversationId);
          const until = Date.parse(c.snoozedUntil ?? '');
          expect(until - Date.now()).toBeGreaterThan(85 * 60_000);
          expect(until - Date.now()).toBeLessThanOrEqual(90 * 60_000);
        },
      },
      set_priority: {
        sends: false,
        action: () => ({ type: 'set_priority', priority: 'urgent' }),
        line: 'prioridade Urgente',
        async observe(t) {
          expect((await conversation(t.conversationId)).priority).toBe('urgent');
          const listed = (await as().get('/api/conversations?limit=200')).body.data as Conversation[];
          expect(listed.find((c) => c.id === t.conversationId)?.priority).toBe('urgent');
        },
      },
      resolve: {
        sends: false,
        action: () => ({ type: 'resolve' }),
        line: 'conversa finalizada',
        async observe(t) {
          expect((await conversation(t.conversationId)).status).toBe('completed');
        },
      },
      stop_ai: {
        sends: false,
        action: () => ({ type: 'stop_ai' }),
        line: 'IA parada nesta conversa',
        async observe(t) {
          const c = await conversation(t.conversationId);
          expect(c.handler.mode).toBe('paused');
          expect(c.isAiHandled).toBe(false);
        },
      },
      hand_off: {
        sends: false,
        action: () => ({ type: 'hand_off', reason: 'pediu boleto vencido' }),
        line: 'transferida para um atendente: pediu boleto vencido',
        async observe(t) {
          expect((await handlerOf(t.conversationId)).mode).toBe('waiting_human');
          const change = await ctx.app.db
            .selectFrom('handler_changes')
            .selectAll()
            .where('conversation_id', '=', t.conversationId)
            .where('to_mode', '=', 'waiting_human')
            .execute();
          expect(change).toHaveLength(1);
          expect(JSON.stringify(change[0])).toContain('pediu boleto vencido');
        },
      },
      call_webhook: {
        sends: false,
        action: () => ({ type: 'call_webhook', url: receiver.url }),
        line: 'webhook chamado (200)',
        async observe(t) {
          const posts = receiver.received.filter((post: ReceivedPost) =>
            post.body.includes(t.conversationId),
          );
          expect(posts).toHaveLength(1);
          expect(JSON.parse(posts[0]?.body ?? '')).toMatchObject({
            source: 'regra Ação call_webhook',
            event: 'message_received',
            conversation: { id: t.conversationId, inboxId: simulatorInbox, status: 'active' },
          });
          expect(posts[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
        },
      },
    };

    it('has a case for every action of the schema', () => {
      expect(Object.keys(cases).sort()).toEqual([...actionTypes].sort());
    });

    const startConversation = (c: ActionCase) =>
      c.inbox === 'cloud'
        ? cloudWrites('oi', customers.newPhone(), 'Rita Prado')
        : simulatorWrites('oi', customers.newPhone(), 'Lúcia Ramos');

    for (const [type, c] of Object.entries(cases) as Array<[ActionType, ActionCase]>) {
      it(`${type}: does it, logs it`, async () => {
        const target = await startConversation(c);
        await runJobs();
        await c.prepare?.(target);
        const rule = await createRule({
          name: `Ação ${type}`,
          event: 'message_received',
          actions: [c.action(target)],
        });
        try {
          await writesAgain(target, 'de novo');
          await runJobs();
          const log = await runs(target.conversationId);
          expect(log).toHaveLength(1);
          expect(log[0]).toMatchObject({ ruleId: rule.id, outcome: 'done' });
          const line = typeof c.line === 'function' ? c.line(target) : c.line;
          if (typeof line === 'string') expect(log[0]?.lines).toEqual([line]);
          else expect(log[0]?.lines[0]).toMatch(line);
          await c.observe(target);
        } finally {
          await removeRule(rule.id);
        }
      });
    }

    const sending = (Object.entries(cases) as Array<[ActionType, ActionCase]>).filter(([, c]) => c.sends);
    it('the actions that write to the customer are the four that send', () => {
      expect(sending.map(([type]) => type).sort()).toEqual(
        ['send_canned_reply', 'send_inbox_message', 'send_message', 'send_template'].sort(),
      );
    });
    for (const [type, c] of sending) {
      it(`${type}: never writes into a conversation a person holds`, async () => {
        const target = await startConversation(c);
        await runJobs();
        await c.prepare?.(target);
        expect(
          (await as(ana.token).post(`/api/conversations/${target.conversationId}/takeover`)).status,
        ).toBe(200);
        const graphSends = graph.sends().length;
        const delivered = (await outbox(target.phone)).length;
        const rule = await createRule({
          name: `Pessoa atende ${type}`,
          event: 'message_received',
          actions: [c.action(target)],
        });
        try {
          await writesAgain(target, 'tem alguém?');
          await runJobs();
          if (type === 'send_inbox_message') await setHours(simulatorInbox, { ...CLOSED, enabled: false });
          const log = await runs(target.conversationId);
          expect(log).toEqual([expect.objectContaining({ ruleId: rule.id, outcome: 'done' })]);
          expect(log[0]?.lines[0]).toMatch(
            /^(mensagem|modelo) não enviad[oa]: uma pessoa atende esta conversa$/,
          );
          expect(await automationMessages(target.conversationId)).toEqual([]);
          expect((await outbox(target.phone)).length).toBe(delivered);
          expect(graph.sends().length).toBe(graphSends);
          expect((await conversation(target.conversationId)).handler).toMatchObject({
            mode: 'human',
            userId: ana.id,
          });
        } finally {
          await removeRule(rule.id);
        }
      });
    }
  });
});
