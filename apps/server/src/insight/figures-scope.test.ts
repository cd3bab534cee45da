import {
  analyticsReportResponseSchema,
  analyticsResponseSchema,
  conversationsAnalyticsResponseSchema,
  conversionsAnalyticsResponseSchema,
  customReportResponseSchema,
  dashboardStatsResponseSchema,
  serviceReportResponseSchema,
} from '@atende/contracts';
import { beforeAll, expect, it } from 'vitest';
import {
  bearer,
  connectSocket,
  createAndLogin,
  describeEachDatabase,
  listen,
  recordEvents,
  sleep,
  useTestApp,
} from '../../test/helpers.js';
import { addClient, addConversation, addMessage } from '../../test/metric-fixtures.js';

const MIN = 60_000;

/**
 * Every figure of the dashboard, analytics and reports, over HTTP and live: an operator kept out of
 * an inbox counts only the inboxes open to them, an admin counts all, and each figure follows the
 * inbox, person and label filters.
 */
describeEachDatabase('figures by visibility and filters', (kind) => {
  const ctx = useTestApp(kind);
  let admin = '';
  let operator = { id: '', token: '' };
  let hiddenInbox = '';
  const labelId = 'lbl-vip';

  const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
  const json = async <T>(url: string, token: string, schema: { parse(v: unknown): T }) => {
    const response = await get(url, token);
    expect(response.statusCode, url).toBe(200);
    return schema.parse(response.json());
  };
  const today = () => {
    const d = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Sao_Paulo',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(Date.now());
    return `from=${d}&to=${d}`;
  };

  beforeAll(async () => {
    ({ token: admin } = await createAndLogin(ctx.app, 'admin'));
    const op = await createAndLogin(ctx.app, 'operator');
    operator = { id: op.user.id, token: op.token };
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/inboxes',
      headers: bearer(admin),
      payload: { kind: 'simulator', name: 'Suporte' },
    });
    expect(created.statusCode).toBe(200);
    hiddenInbox = created.json().data.id;
    const limited = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/inboxes/${hiddenInbox}`,
      headers: bearer(admin),
      payload: { operatorAccess: 'members', memberIds: [] },
    });
    expect(limited.statusCode).toBe(200);
    const db = ctx.app.db;
    await db
      .insertInto('labels')
      .values({ id: labelId, name: 'VIP', name_key: 'vip', color: 'amber', created_at: 0 })
      .execute();

    // Seconds ago: the conversations fall in today's local day but in its first few minutes.
    const now = Date.now();
    const at = (secondsAgo: number) => now - secondsAgo * 1000;
    async function conversation(inbox: string, tags: string[], person: string | null) {
      const id = await addConversation(db, await addClient(db), { startedAt: at(300) });
      await db
        .updateTable('conversations')
        .set({ inbox_id: inbox, tags: JSON.stringify(tags), last_person_id: person })
        .where('id', '=', id)
        .execute();
      return id;
    }
    // Open inbox, VIP: the AI answers in 30 s; converted.
    const a1 = await conversation('default', [labelId], null);
    await addMessage(db, a1, 'client', at(250));
    await addMessage(db, a1, 'agent', at(250) + 30_000, { aiGenerated: true });
    await db
      .updateTable('conversations')
      .set({ converted_at: at(60) })
      .where('id', '=', a1)
      .execute();
    // Open inbox, the operator's: a person answers in 2 min.
    const a2 = await conversation('default', [], operator.id);
    await addMessage(db, a2, 'client', at(200));
    await addMessage(db, a2, 'admin', at(200) + 2 * MIN);
    // Hidden inbox: the AI answers in 1 min, then hands off.
    const b1 = await conversation(hiddenInbox, [], null);
    await addMessage(db, b1, 'client', at(150));
    await addMessage(db, b1, 'agent', at(150) + MIN, { aiGenerated: true });
    await db
      .insertInto('handler_changes')
      .values({
        id: 'hc-b1',
        conversation_id: b1,
        at: at(80),
        from_mode: 'ai',
        to_mode: 'waiting_human',
        cause: 'low_confidence',
      })
      .execute();
    await db
      .insertInto('activities')
      .values({
        id: 'act-b1',
        type: 'takeover',
        title: 'IA transferiu para humano',
        description: 'x',
        timestamp: at(80),
        conversation_id: b1,
      })
      .execute();
    // As messaging keeps it: each conversation's last message time.
    await db
      .updateTable('conversations')
      .set((eb) => ({
        last_message_time: eb
          .selectFrom('messages as m')
          .select((m) => m.fn.max('m.timestamp').as('t'))
          .whereRef('m.conversation_id', '=', 'conversations.id'),
      }))
      .execute();
  });

  it('dashboard cards: the operator counts the open inbox, the admin both, each filter narrows', async () => {
    const stats = async (token: string, query = '') =>
      (await json(`/api/dashboard/stats${query}`, token, dashboardStatsResponseSchema)).data;
    expect(await stats(operator.token)).toMatchObject({ conversationsToday: 2, activeClients: 2 });
    expect((await stats(operator.token)).avgResponseTime).toBe(75);
    expect(await stats(admin)).toMatchObject({
      conversationsToday: 3,
      activeClients: 3,
      avgResponseTime: 70,
    });
    expect(await stats(admin, `?inboxId=${hiddenInbox}`)).toMatchObject({
      conversationsToday: 1,
      avgResponseTime: 60,
    });
    expect(await stats(admin, `?labelId=${labelId}`)).toMatchObject({
      conversationsToday: 1,
      avgResponseTime: 30,
    });
    expect(await stats(admin, `?userId=${operator.id}`)).toMatchObject({
      conversationsToday: 1,
      avgResponseTime: 120,
    });
    // The operator asking for the hidden inbox gets nothing of it.
    expect(await stats(operator.token, `?inboxId=${hiddenInbox}`)).toMatchObject({ conversationsToday: 0 });
    expect((await get('/api/dashboard/stats?inboxId=', admin)).statusCode).toBe(400);
  });

  it('live charts and totals of /api/analytics, and its siblings', async () => {
    const analytics = async (token: string, query = '') =>
      (await json(`/api/analytics?period=24h${query}`, token, analyticsResponseSchema)).data;
    const sum = (points: { value: number }[]) => points.reduce((a, p) => a + p.value, 0);
    const op = await analytics(operator.token);
    expect(op.totals).toMatchObject({
      conversations: 2,
      messages: 4,
      clients: 2,
      aiHandledRate: 50,
      handoffs: 0,
    });
    expect(sum(op.charts.conversations)).toBe(2);
    const all = await analytics(admin);
    expect(all.totals).toMatchObject({ conversations: 3, messages: 6, clients: 3, handoffs: 1 });
    expect(sum(all.charts.conversations)).toBe(3);
    const hidden = await analytics(admin, `&inboxId=${hiddenInbox}`);
    expect(hidden.totals).toMatchObject({ conversations: 1, messages: 2, aiHandledRate: 100, handoffs: 1 });
    expect(sum(hidden.charts.clientGrowth.slice(-1))).toBe(1);

    const perDay = async (token: string, query = '') =>
      (
        await json(
          `/api/analytics/conversations?period=7d${query}`,
          token,
          conversationsAnalyticsResponseSchema,
        )
      ).data;
    expect(sum((await perDay(operator.token)).perDay)).toBe(2);
    expect(sum((await perDay(admin)).perDay)).toBe(3);
    expect(Object.values((await perDay(admin, `&labelId=${labelId}`)).byStatus)).toEqual([1]);
    const conversions = async (token: string, query = '') =>
      (await json(`/api/analytics/conversions?period=7d${query}`, token, conversionsAnalyticsResponseSchema))
        .data;
    expect((await conversions(operator.token)).rate).toBe(50);
    expect((await conversions(admin)).rate).toBe(33.3);
    expect((await conversions(admin, `&inboxId=${hiddenInbox}`)).total).toBe(0);
  });

  it('the analytics report, its CSVs and the service figures', async () => {
    const report = async (token: string, query = '') =>
      (await json(`/api/analytics/report?${today()}${query}`, token, analyticsReportResponseSchema)).data;
    const op = await report(operator.token);
    expect(op.conversations).toMatchObject({ active: 2, converted: 1 });
    expect(op.ai).toMatchObject({ replies: 2, aiReplies: 1 });
    expect(op.handoffs.count).toBe(0);
    expect(op.heatmap.flat().reduce((a, b) => a + b, 0)).toBe(2);
    const all = await report(admin);
    expect(all.conversations.active).toBe(3);
    expect(all.handoffs).toMatchObject({ count: 1, rate: 33.3 });
    expect(all.responseTime.averageAi).toEqual({ seconds: 45, count: 2 });
    const person = await report(admin, `&userId=${operator.id}`);
    expect(person.conversations.active).toBe(1);
    expect(person.responseTime.averageHuman).toEqual({ seconds: 120, count: 1 });
    expect(person.responseTime.averageAi.count).toBe(0);
    const vip = await report(admin, `&labelId=${labelId}`);
    expect(vip.perDay.reduce((a, d) => a + d.conversations, 0)).toBe(1);
    expect(vip.perDay.reduce((a, d) => a + d.converted, 0)).toBe(1);

    const csv = async (table: string, token: string, query = '') => {
      const response = await get(`/api/analytics/export/${table}?${today()}${query}`, token);
      expect(response.statusCode).toBe(200);
      return response.body;
    };
    expect(await csv('resumo', operator.token)).toContain('Conversas ativas;2\r\n');
    expect(await csv('resumo', admin)).toContain('Conversas ativas;3\r\n');
    expect(await csv('resumo', admin, `&inboxId=${hiddenInbox}`)).toContain('Conversas ativas;1\r\n');
    const rows = (body: string) => body.trim().split('\r\n').length - 1;
    expect(rows(await csv('conversas', operator.token))).toBe(2);
    expect(rows(await csv('conversas', admin))).toBe(3);
    expect(rows(await csv('conversas', admin, `&labelId=${labelId}`))).toBe(1);

    const service = async (token: string, query = '') =>
      (await json(`/api/analytics/service?${today()}${query}`, token, serviceReportResponseSchema)).data;
    expect((await service(operator.token)).total.conversations).toBe(2);
    expect((await service(admin)).total.conversations).toBe(3);
    const custom = async (token: string) =>
      (
        await json(
          `/api/analytics/custom?${today()}&metric=conversations&groupBy=inbox`,
          token,
          customReportResponseSchema,
        )
      ).data;
    expect((await custom(operator.token)).rows.map((r) => r.key)).toEqual(['default']);
    const byInbox = await custom(admin);
    expect(byInbox.rows.map((r) => r.key).sort()).toEqual(['default', hiddenInbox].sort());
    // Each conversation has one inbox: the total is the groups' sum, counted once.
    expect(byInbox.total.count).toBe(3);
    const exported = await get(
      `/api/analytics/custom/export?${today()}&metric=conversations&groupBy=inbox`,
      operator.token,
    );
    expect(exported.body).not.toContain('Suporte');
    expect(exported.body).toContain('Total;2;2\r\n');
  });

  it('live: the whole business’s figures reach the admin; the limited operator is only told to refetch', async () => {
    const url = await listen(ctx.app);
    const adminSocket = await connectSocket(url, { token: admin });
    const operatorSocket = await connectSocket(url, { token: operator.token });
    try {
      for (const socket of [adminSocket, operatorSocket]) {
        await new Promise((resolve) => socket.emit('join:dashboard', resolve));
      }
      const adminMetrics = recordEvents(adminSocket, 'system:metrics').received;
      const adminNudges = recordEvents(adminSocket, 'metrics:changed').received;
      const operatorMetrics = recordEvents(operatorSocket, 'system:metrics').received;
      const operatorNudges = recordEvents(operatorSocket, 'metrics:changed').received;
      ctx.app.realtime.toDashboard('conversations:statusUpdate', { conversationId: 'x', status: 'active' });
      for (let i = 0; i < 50 && (adminMetrics.length === 0 || operatorNudges.length === 0); i++) {
        await sleep(100);
      }
      expect(adminMetrics.length).toBeGreaterThan(0);
      expect(operatorNudges.length).toBeGreaterThan(0);
      await sleep(200);
      expect(operatorMetrics).toEqual([]);
      expect(adminNudges).toEqual([]);
    } finally {
      adminSocket.disconnect();
      operatorSocket.disconnect();
    }
  });
});
