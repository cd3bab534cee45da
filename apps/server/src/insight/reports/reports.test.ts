import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addClient,
  addConversation,
  addMessage,
  DEFAULT_TIME_ZONE,
  sp,
  testDatabases,
} from '../../../test/metric-fixtures.js';
import { createVisibility, UNLIMITED_SCOPE } from '../../conversations/visibility/visibility.service.js';
import type { DatabaseHandle } from '../../db/database.js';
import { csvStream } from '../../lib/csv.js';
import { computeReport } from '../analytics/report.service.js';
import { customReportCsv } from './report-csv.js';
import { customReport, serviceReport } from './reports.service.js';

const RANGE = { from: '2025-06-01', to: '2025-06-03' }; // 2025-06-01 is a Sunday
const NOW = sp('2025-06-03T12:00:00');
const MIN = 60_000;
const HOUR = 60 * MIN;
const INBOX = {
  kind: 'simulator',
  phone: null,
  settings: '{}',
  agent_enabled: 1,
  created_at: 0,
  updated_at: 0,
  removed_at: null,
};

/**
 * The service figures and custom reports on a hand-made fixture whose every figure is worked out in
 * the comments (docs/metrics.md §Service figures): two inboxes, two people, the AI, a label.
 */
describe.each(testDatabases())('service figures and reports on $kind', (target) => {
  let handle: DatabaseHandle;
  let dispose: () => Promise<void>;
  const db = () => handle.db;
  const ids = { c1: '', c2: '', c3: '', c4: '', c5: '' };

  async function reply(conversation: string, at: string, author: string | null) {
    const id = await addMessage(db(), conversation, author ? 'admin' : 'agent', sp(at), {
      aiGenerated: !author,
    });
    if (author)
      await db().updateTable('messages').set({ author_user_id: author }).where('id', '=', id).execute();
  }
  async function conversation(inbox: string, at: string, tags: string[], person: string | null) {
    const id = await addConversation(db(), await addClient(db()), { startedAt: sp(at), status: 'completed' });
    await db()
      .updateTable('conversations')
      .set({
        inbox_id: inbox,
        tags: JSON.stringify(tags),
        handler_mode: person ? 'human' : 'ai',
        handler_user_id: person,
        last_person_id: person,
      })
      .where('id', '=', id)
      .execute();
    await addMessage(db(), id, 'client', sp(at));
    return id;
  }
  async function resolution(
    conversationId: string,
    inbox: string,
    start: string,
    end: string,
    person: string | null,
    survey: { status: string; rating?: number },
  ) {
    await db()
      .insertInto('conversation_resolutions')
      .values({
        id: `r-${conversationId}`,
        conversation_id: conversationId,
        inbox_id: inbox,
        client_id: 'x',
        resolved_at: sp(end),
        cycle_started_at: sp(start),
        resolved_by: person ? 'person' : 'agent',
        person_id: person,
        person_involved: person ? 1 : 0,
        survey_status: survey.status,
        survey_sent_at: survey.status === 'skipped_window' ? null : sp(end),
        rating: survey.rating ?? null,
        rated_at: survey.rating ? sp(end) : null,
        created_at: sp(end),
      })
      .execute();
  }

  beforeAll(async () => {
    ({ handle, dispose } = await target.open());
    await db()
      .insertInto('inboxes')
      .values([
        { ...INBOX, id: 'inbox-a', name: 'Loja', operator_access: 'all' },
        { ...INBOX, id: 'inbox-b', name: 'Suporte', operator_access: 'members' },
      ])
      .execute();
    for (const [id, name, role] of [
      ['u-ana', 'Ana', 'operator'],
      ['u-bruno', 'Bruno', 'operator'],
      ['u-carla', 'Carla', 'operator'],
    ] as const) {
      await db()
        .insertInto('users')
        .values({
          id,
          name,
          email: `${id}@x.com`,
          role,
          password_hash: 'x',
          avatar: null,
          disabled: 0,
          created_at: 0,
          updated_at: 0,
        })
        .execute();
    }
    await db().insertInto('inbox_members').values({ inbox_id: 'inbox-b', user_id: 'u-bruno' }).execute();
    await db()
      .insertInto('labels')
      .values({ id: 'l-vip', name: 'VIP', name_key: 'vip', color: 'amber', created_at: 0 })
      .execute();

    // c1: the AI answers in 30 s and resolves it alone in 1 h; rated 5.
    ids.c1 = await conversation('inbox-a', '2025-06-01T09:00:00', ['l-vip'], null);
    await reply(ids.c1, '2025-06-01T09:00:30', null);
    await resolution(ids.c1, 'inbox-a', '2025-06-01T09:00:00', '2025-06-01T10:00:00', null, {
      status: 'rated',
      rating: 5,
    });
    // c2: the AI answers in 10 s, hands off (low confidence), Ana answers 4 min after the customer
    // wrote again and resolves it in 1 h; rated 2.
    ids.c2 = await conversation('inbox-a', '2025-06-01T11:00:00', [], 'u-ana');
    await reply(ids.c2, '2025-06-01T11:00:10', null);
    await addMessage(db(), ids.c2, 'client', sp('2025-06-01T11:01:00'));
    await reply(ids.c2, '2025-06-01T11:05:00', 'u-ana');
    await db()
      .insertInto('handler_changes')
      .values([
        {
          id: 'h1',
          conversation_id: ids.c2,
          at: sp('2025-06-01T11:01:00'),
          from_mode: 'ai',
          to_mode: 'waiting_human',
          cause: 'low_confidence',
        },
        {
          id: 'h2',
          conversation_id: ids.c2,
          at: sp('2025-06-01T11:02:00'),
          from_mode: 'waiting_human',
          to_mode: 'human',
          user_id: 'u-ana',
        },
      ])
      .execute();
    await resolution(ids.c2, 'inbox-a', '2025-06-01T11:00:00', '2025-06-01T12:00:00', 'u-ana', {
      status: 'rated',
      rating: 2,
    });
    // c3 (Suporte): Bruno answers first, in 10 min, and resolves in 1 h; no survey (window closed).
    ids.c3 = await conversation('inbox-b', '2025-06-02T09:00:00', [], 'u-bruno');
    await reply(ids.c3, '2025-06-02T09:10:00', 'u-bruno');
    await resolution(ids.c3, 'inbox-b', '2025-06-02T09:00:00', '2025-06-02T10:00:00', 'u-bruno', {
      status: 'skipped_window',
    });
    // c4 (Suporte, VIP): the AI answers in 5 s, resolves it alone after 19 h; the survey is unanswered.
    ids.c4 = await conversation('inbox-b', '2025-06-02T14:00:00', ['l-vip'], null);
    await reply(ids.c4, '2025-06-02T14:00:05', null);
    await resolution(ids.c4, 'inbox-b', '2025-06-02T14:00:00', '2025-06-03T09:00:00', null, {
      status: 'sent',
    });
    // c5: open, waiting for a person, its customer unanswered since 08:00.
    ids.c5 = await conversation('inbox-a', '2025-06-03T08:00:00', [], null);
    await db()
      .updateTable('conversations')
      .set({ status: 'active', handler_mode: 'waiting_human', awaiting_since: sp('2025-06-03T08:00:00') })
      .where('id', '=', ids.c5)
      .execute();
    // As messaging keeps it: each conversation's last message time.
    await db()
      .updateTable('conversations')
      .set((eb) => ({
        last_message_time: eb
          .selectFrom('messages as m')
          .select((m) => m.fn.max('m.timestamp').as('t'))
          .whereRef('m.conversation_id', '=', 'conversations.id'),
      }))
      .execute();
  });
  afterAll(async () => {
    await dispose();
  });

  const service = (query: Record<string, string> = {}, scope = UNLIMITED_SCOPE) =>
    serviceReport(db(), { ...RANGE, ...query }, scope, DEFAULT_TIME_ZONE, NOW);

  it('every figure of the period', async () => {
    const report = await service();
    expect(report.total).toEqual({
      conversations: 5,
      // Sent: c1, c2 (rated) and c4; answered 2 of 3; (5 + 2) / 2; one of two satisfied.
      csat: {
        average: 3.5,
        satisfiedRate: 50,
        responseRate: 66.7,
        responses: 2,
        sent: 3,
        skippedWindow: 1,
        skippedOther: 0,
      },
      automation: { rate: 50, automated: 2, resolved: 4 },
      // AI: 5, 10, 30 s → median 10 s, p90 (3rd of 3) 30 s; people: Bruno's 10 min.
      firstResponse: {
        ai: { medianMs: 10_000, p90Ms: 30_000, count: 3 },
        human: { medianMs: 10 * MIN, p90Ms: 10 * MIN, count: 1 },
      },
      // Alone: 1 h and 19 h → median 10 h, p90 19 h; with a person: 1 h and 1 h.
      resolutionTime: {
        ai: { medianMs: 10 * HOUR, p90Ms: 19 * HOUR, count: 2 },
        human: { medianMs: HOUR, p90Ms: HOUR, count: 2 },
      },
      // AI replies: 30, 10, 5 s; people: Ana 4 min, Bruno 10 min.
      responseTime: {
        all: { averageMs: Math.round((45_000 + 14 * MIN) / 5), count: 5 },
        ai: { averageMs: 15_000, count: 3 },
        human: { averageMs: 7 * MIN, count: 2 },
      },
      handoffs: {
        count: 1,
        rate: 20,
        reasons: [{ cause: 'low_confidence', label: 'Baixa confiança', count: 1 }],
      },
    });
    expect(report.backlog).toEqual({
      open: 1,
      unassigned: 1,
      waiting: 1,
      oldestWaitingSince: new Date(sp('2025-06-03T08:00:00')).toISOString(),
    });
  });

  it('per inbox and per person', async () => {
    const byInbox = await service({ groupBy: 'inbox' });
    const loja = byInbox.groups.find((g) => g.key === 'inbox-a');
    const suporte = byInbox.groups.find((g) => g.key === 'inbox-b');
    expect(loja).toMatchObject({
      label: 'Loja',
      figures: {
        conversations: 3,
        automation: { rate: 50, resolved: 2 },
        csat: { average: 3.5, responses: 2, sent: 2 },
        handoffs: { count: 1, rate: 33.3 },
        // The AI in 30 s (c1) and 10 s (c2), Ana in 4 min (c2).
        responseTime: { ai: { averageMs: 20_000, count: 2 }, human: { averageMs: 4 * MIN, count: 1 } },
      },
    });
    expect(suporte).toMatchObject({
      label: 'Suporte',
      figures: {
        conversations: 2,
        automation: { rate: 50 },
        csat: { average: null, sent: 1, skippedWindow: 1 },
        // The AI in 5 s (c4), Bruno in 10 min (c3).
        responseTime: { ai: { averageMs: 5_000, count: 1 }, human: { averageMs: 10 * MIN, count: 1 } },
      },
    });
    // Each reply in one inbox: the groups add up to the period's.
    expect(byInbox.total.responseTime.all.count).toBe(5);

    const byPerson = await service({ groupBy: 'operator' });
    const group = (key: string) => byPerson.groups.find((g) => g.key === key);
    expect(group('u-ana')?.figures).toMatchObject({
      conversations: 1,
      csat: { average: 2, responses: 1 },
      automation: { rate: 0, resolved: 1 },
      responseTime: { human: { averageMs: 4 * MIN, count: 1 } },
      handoffs: { count: 1 },
    });
    expect(group('u-bruno')?.figures).toMatchObject({
      firstResponse: { human: { medianMs: 10 * MIN, count: 1 } },
      resolutionTime: { human: { medianMs: HOUR, count: 1 } },
    });
    expect(group('ai')).toMatchObject({
      label: 'IA',
      figures: {
        firstResponse: { ai: { medianMs: 10_000, count: 3 } },
        responseTime: { ai: { averageMs: 15_000 } },
      },
    });
    expect(group('none')).toMatchObject({
      label: 'Sem pessoa',
      figures: { automation: { rate: 100, resolved: 2 } },
    });
  });

  it('filtered by inbox, person and label', async () => {
    expect((await service({ inboxId: 'inbox-b' })).total.automation).toEqual({
      rate: 50,
      automated: 1,
      resolved: 2,
    });
    const ana = await service({ userId: 'u-ana' });
    expect(ana.total).toMatchObject({
      conversations: 1,
      automation: { resolved: 1, rate: 0 },
      firstResponse: { ai: { count: 0 }, human: { count: 0 } },
      responseTime: { human: { averageMs: 4 * MIN, count: 1 }, ai: { count: 0 } },
    });
    const vip = await service({ labelId: 'l-vip' });
    expect(vip.total).toMatchObject({ conversations: 2, automation: { rate: 100, resolved: 2 } });
  });

  it('an operator kept out of an inbox counts only the inboxes open to them', async () => {
    const carla = await createVisibility(db()).scopeFor({ id: 'u-carla', role: 'operator' });
    const report = await service({}, carla);
    expect(report.total).toMatchObject({ conversations: 3, automation: { resolved: 2 }, csat: { sent: 2 } });
    expect(report.backlog.open).toBe(1);
    const bruno = await createVisibility(db()).scopeFor({ id: 'u-bruno', role: 'operator' });
    expect((await service({}, bruno)).total.conversations).toBe(5);
    // The analytics report too: Loja's three conversations, its one hand-off, its replies.
    const analytics = await computeReport(db(), RANGE, carla, DEFAULT_TIME_ZONE);
    expect(analytics.conversations.active).toBe(3);
    expect(analytics.handoffs.count).toBe(1);
    expect(analytics.ai).toMatchObject({ replies: 3, aiReplies: 2 });
    expect((await computeReport(db(), RANGE, UNLIMITED_SCOPE, DEFAULT_TIME_ZONE)).conversations.active).toBe(
      5,
    );
  });

  describe('custom reports', () => {
    const custom = (query: Record<string, string>) =>
      customReport(
        db(),
        { ...RANGE, metric: 'conversations', groupBy: 'day', ...query } as Parameters<typeof customReport>[1],
        UNLIMITED_SCOPE,
        DEFAULT_TIME_ZONE,
        NOW,
      );

    it('a rate by day: every day listed, today marked partial', async () => {
      const report = await custom({ metric: 'automationRate', groupBy: 'day' });
      expect(report.unit).toBe('percent');
      expect(report.rows.map((r) => [r.key, r.label, r.values.value, r.count, r.partial])).toEqual([
        ['2025-06-01', '01/06', 50, 2, false],
        ['2025-06-02', '02/06', 0, 1, false],
        ['2025-06-03', '03/06', 100, 1, true],
      ]);
      expect(report.total).toEqual({ values: { value: 50 }, count: 4 });
    });

    it('CSAT by inbox, first response by person, conversations by week, hand-offs by label', async () => {
      const csat = await custom({ metric: 'csatAverage', groupBy: 'inbox' });
      expect(csat.rows.map((r) => [r.label, r.values.value, r.count])).toEqual([
        ['Loja', 3.5, 2],
        ['Suporte', null, 0],
      ]);
      const first = await custom({ metric: 'firstResponse', groupBy: 'operator' });
      expect(first.rows.find((r) => r.key === 'ai')?.values).toMatchObject({
        aiMedian: 10_000,
        humanMedian: null,
      });
      expect(first.rows.find((r) => r.key === 'u-bruno')?.values).toMatchObject({
        humanMedian: 10 * MIN,
        humanP90: 10 * MIN,
      });
      const weeks = await custom({ metric: 'conversations', groupBy: 'week' });
      expect(weeks.rows.map((r) => [r.label, r.values.value, r.partial])).toEqual([
        ['01/06 a 03/06', 5, true],
      ]);
      const labels = await custom({ metric: 'handoffRate', groupBy: 'label' });
      expect(labels.rows.map((r) => [r.label, r.values.value, r.count])).toEqual([
        ['Sem etiqueta', 33.3, 3],
        ['VIP', 0, 2],
      ]);
      const hours = await custom({ metric: 'resolved', groupBy: 'hour' });
      expect(hours.rows).toHaveLength(24);
      expect(hours.rows.filter((r) => r.values.value).map((r) => [r.key, r.values.value])).toEqual([
        ['09', 1],
        ['10', 2],
        ['12', 1],
      ]);
    });

    it('response-time targets: breaches of first response and resolution per inbox, person and day', async () => {
      // Loja answers within 1 min: c1 (30 s) and c2 (10 s) in time, c5 unanswered 4 h at NOW: late.
      // Suporte within 5 min and resolves within 2 h: c3 answered in 10 min (late) and resolved in
      // 1 h; c4 answered in 5 s, resolved after 19 h (late).
      const targets = async (inbox: string, first: number | null, resolution: number | null) =>
        db()
          .updateTable('inboxes')
          .set({ sla_first_response_minutes: first, sla_resolution_minutes: resolution })
          .where('id', '=', inbox)
          .execute();
      expect((await custom({ metric: 'slaBreaches', groupBy: 'inbox' })).total).toEqual({
        values: { total: null, firstResponse: null, resolution: null },
        count: 0,
      });
      await targets('inbox-a', 1, null);
      await targets('inbox-b', 5, 120);
      try {
        const byInbox = await custom({ metric: 'slaBreaches', groupBy: 'inbox' });
        expect(byInbox.unit).toBe('count');
        expect(byInbox.rows.map((r) => [r.label, r.values, r.count])).toEqual([
          ['Suporte', { total: 2, firstResponse: 1, resolution: 1 }, 4],
          ['Loja', { total: 1, firstResponse: 1, resolution: null }, 3],
        ]);
        expect(byInbox.total).toEqual({ values: { total: 3, firstResponse: 2, resolution: 1 }, count: 7 });
        const byPerson = await custom({ metric: 'slaBreaches', groupBy: 'operator' });
        expect(byPerson.rows.find((r) => r.key === 'u-bruno')?.values).toEqual({
          total: 1,
          firstResponse: 1,
          resolution: 0,
        });
        expect(byPerson.rows.find((r) => r.key === 'none')?.values).toMatchObject({
          firstResponse: 1,
          resolution: 1,
        });
        const byDay = await custom({ metric: 'slaBreaches', groupBy: 'day' });
        expect(byDay.rows.map((r) => [r.key, r.values.firstResponse, r.values.resolution])).toEqual([
          ['2025-06-01', 0, null],
          ['2025-06-02', 1, 0],
          ['2025-06-03', 1, 1],
        ]);
        const vip = await custom({ metric: 'slaBreaches', groupBy: 'inbox', labelId: 'l-vip' });
        expect(vip.total.values).toEqual({ total: 1, firstResponse: 0, resolution: 1 });
      } finally {
        await targets('inbox-a', null, null);
        await targets('inbox-b', null, null);
      }
    });

    it('exports as the Excel-friendly CSV, durations in one unit named in the header', async () => {
      const report = await custom({ metric: 'firstResponse', groupBy: 'operator' });
      const { header, rows } = customReportCsv(report);
      const csv = await text(csvStream(header, rows, DEFAULT_TIME_ZONE));
      const lines = csv.replace('\uFEFF', '').split('\r\n');
      expect(lines[0]).toBe(
        'Pessoa;Mediana (min);P90 (min);Mediana IA (min);P90 IA (min);Mediana pessoas (min);P90 pessoas (min);Primeira resposta: conversas',
      );
      expect(lines).toContain('IA;0,2;0,5;0,2;0,5;;;3');
      expect(lines).toContain('Bruno;10;10;;;10;10;1');
    });
  });
});
