import {
  activityResponseSchema,
  analyticsResponseSchema,
  conversationsAnalyticsResponseSchema,
  conversionsAnalyticsResponseSchema,
  dashboardStatsResponseSchema,
  markConversionResponseSchema,
  systemMetricsSchema,
} from '@atende/contracts';
import { beforeAll, expect, it } from 'vitest';
import {
  bearer,
  connectSocket,
  createAndLogin,
  describeEachDatabase,
  listen,
  nextEvent,
  useTestApp,
} from '../../../test/helpers.js';
import { addActivity, addClient, addConversation, addMessage } from '../../../test/metric-fixtures.js';

const PROTECTED = [
  '/api/dashboard/stats',
  '/api/dashboard/activity',
  '/api/analytics',
  '/api/analytics/conversations',
  '/api/analytics/conversions',
];

describeEachDatabase('dashboard and analytics routes', (kind) => {
  const ctx = useTestApp(kind);
  let token = '';
  beforeAll(async () => {
    ({ token } = await createAndLogin(ctx.app, 'operator'));
  });
  const get = (url: string, auth = true) =>
    ctx.app.inject({ method: 'GET', url, headers: auth ? bearer(token) : {} });

  it('answers 401 without a token or with a bad one', async () => {
    for (const url of PROTECTED) {
      const anonymous = await get(url, false);
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
      const forged = await ctx.app.inject({ method: 'GET', url, headers: bearer('x'.repeat(43)) });
      expect(forged.statusCode, url).toBe(401);
    }
    const post = await ctx.app.inject({
      method: 'POST',
      url: '/api/analytics/conversions',
      payload: { conversationId: 'x' },
    });
    expect(post.statusCode).toBe(401);
  });

  it('answers the stats in the contract shape', async () => {
    const response = await get('/api/dashboard/stats');
    expect(response.statusCode).toBe(200);
    expect(dashboardStatsResponseSchema.parse(response.json()).success).toBe(true);
  });

  it('lists the 10 latest activities, newest first', async () => {
    const base = Date.now() - 60_000;
    for (let i = 0; i < 12; i++) await addActivity(ctx.app.db, 'system', base + i * 1000, `A${i}`);
    const response = await get('/api/dashboard/activity');
    expect(response.statusCode).toBe(200);
    const { data } = activityResponseSchema.parse(response.json());
    expect(data).toHaveLength(10);
    expect(data.map((a) => a.title)).toEqual(['A11', 'A10', 'A9', 'A8', 'A7', 'A6', 'A5', 'A4', 'A3', 'A2']);
  });

  it('answers analytics for each period and rejects an unknown one with 400', async () => {
    const client = await addClient(ctx.app.db);
    const conversation = await addConversation(ctx.app.db, client);
    const at = Date.now();
    await addMessage(ctx.app.db, conversation, 'client', at - 3 * 86_400_000);
    await addMessage(ctx.app.db, conversation, 'agent', at - 3 * 86_400_000 + 4000, { aiGenerated: true });
    await addMessage(ctx.app.db, conversation, 'client', at - 60_000);
    await addActivity(ctx.app.db, 'takeover', at - 2 * 3_600_000, 'IA transferiu para humano');
    await addActivity(ctx.app.db, 'takeover', at - 2 * 86_400_000, 'Conversa assumida por humano');

    const totals: Record<string, number> = {};
    for (const period of ['24h', '7d', '30d']) {
      const response = await get(`/api/analytics?period=${period}`);
      expect(response.statusCode, period).toBe(200);
      const { data } = analyticsResponseSchema.parse(response.json());
      expect(data.period).toBe(period);
      expect(data.charts.conversations).toHaveLength(24);
      expect(data.charts.clientGrowth).toHaveLength(30);
      totals[period] = data.totals.messages;
      expect(data.totals.handoffs).toBe(period === '24h' ? 1 : 2);
      if (period !== '24h') expect(data.totals).toMatchObject({ aiHandledRate: 100, avgResponseTime: 4 });
    }
    expect(totals['24h']).toBe(1);
    expect(totals['7d']).toBe(3);
    const byDefault = analyticsResponseSchema.parse((await get('/api/analytics')).json());
    expect(byDefault.data.period).toBe('30d');

    const conversations = await get('/api/analytics/conversations?period=7d');
    const conv = conversationsAnalyticsResponseSchema.parse(conversations.json()).data;
    expect(conv.perHour).toHaveLength(24);
    expect(conv.perDay).toHaveLength(7);
    expect(conv.byStatus.active).toBeGreaterThanOrEqual(1);
    expect(conv.byHandler.ai).toBeGreaterThanOrEqual(1);
    const conversions = await get('/api/analytics/conversions?period=24h');
    expect(conversionsAnalyticsResponseSchema.parse(conversions.json()).data.perDay).toHaveLength(1);

    for (const url of [
      '/api/analytics?period=1y',
      '/api/analytics/conversations?period=',
      '/api/analytics/conversions?period=7D',
    ]) {
      const bad = await get(url);
      expect(bad.statusCode, url).toBe(400);
      expect(bad.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    }
  });

  it('marks a conversion once, with the venda tag and a conversion activity', async () => {
    const client = await addClient(ctx.app.db, 'Joana Prado');
    const conversation = await addConversation(ctx.app.db, client);
    const mark = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/analytics/conversions',
        headers: bearer(token),
        payload: { conversationId: conversation },
      });
    const first = markConversionResponseSchema.parse((await mark()).json());
    expect(first.data.alreadyConverted).toBe(false);
    const second = markConversionResponseSchema.parse((await mark()).json());
    expect(second.data).toEqual({ ...first.data, alreadyConverted: true });
    const row = await ctx.app.db
      .selectFrom('conversations')
      .select(['tags', 'converted_at'])
      .where('id', '=', conversation)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.tags)).toContain('venda');
    const latest = activityResponseSchema.parse((await get('/api/dashboard/activity')).json()).data[0];
    expect(latest).toMatchObject({ type: 'conversion', description: 'Joana Prado fechou uma compra' });

    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/analytics/conversions',
      headers: bearer(token),
      payload: { conversationId: 'nao-existe' },
    });
    expect(missing.statusCode).toBe(404);
    const invalid = await ctx.app.inject({
      method: 'POST',
      url: '/api/analytics/conversions',
      headers: bearer(token),
      payload: { conversation: 1 },
    });
    expect(invalid.statusCode).toBe(400);
  });

  it('pushes system:metrics to the dashboard room soon after a data change', async () => {
    const url = await listen(ctx.app);
    const socket = await connectSocket(url);
    try {
      const authenticated = nextEvent(socket, 'authenticated');
      socket.emit('authenticate', { token });
      await authenticated;
      socket.emit('join:dashboard');
      await new Promise((resolve) => setTimeout(resolve, 100));
      const client = await addClient(ctx.app.db);
      const conversation = await addConversation(ctx.app.db, client);
      await addMessage(ctx.app.db, conversation, 'client', Date.now() - 1000);
      const pushed = nextEvent(socket, 'system:metrics', 2500);
      const started = Date.now();
      ctx.app.realtime.toDashboard('analytics:update', {
        id: 'x',
        type: 'system',
        title: 't',
        description: 'd',
        timestamp: new Date().toISOString(),
      });
      const metrics = systemMetricsSchema.parse(await pushed);
      expect(Date.now() - started).toBeLessThan(1500);
      expect(metrics.stats.conversationsToday).toBeGreaterThanOrEqual(1);
      expect(metrics.charts.responseTime).toHaveLength(24);
    } finally {
      socket.disconnect();
    }
  });
});
