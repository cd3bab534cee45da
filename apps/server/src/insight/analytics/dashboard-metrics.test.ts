import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  addClient,
  addConversation,
  addMessage,
  DEFAULT_TIME_ZONE,
  sp,
  testDatabases,
} from '../../../test/metric-fixtures.js';
import type { DatabaseHandle } from '../../db/database.js';
import { computeDashboardCharts, computeDashboardStats } from './dashboard-metrics.js';

const now = sp('2025-06-10T13:30:00');
const DAY = 86_400_000;

describe.each(testDatabases())('dashboard metrics on $kind', (target) => {
  let handle: DatabaseHandle;
  let dispose: () => Promise<void>;
  beforeEach(async () => {
    ({ handle, dispose } = await target.open());
  });
  afterEach(async () => {
    await dispose();
  });

  const db = () => handle.db;
  async function conversation(options: { convertedAt?: number } = {}) {
    const client = await addClient(db());
    return addConversation(db(), client, options);
  }

  it('are all zero on an empty database, with zero-base changes of 0', async () => {
    expect(await computeDashboardStats(db(), now, DEFAULT_TIME_ZONE)).toEqual({
      conversationsToday: 0,
      conversationsTodayChange: 0,
      conversionRate: 0,
      conversionRateChange: 0,
      avgResponseTime: 0,
      avgResponseTimeChange: 0,
      activeClients: 0,
      activeClientsChange: 0,
    });
  });

  it('counts conversations with a client message today vs the same span yesterday', async () => {
    const a = await conversation();
    await addMessage(db(), a, 'client', sp('2025-06-10T09:00:00'));
    await addMessage(db(), a, 'client', sp('2025-06-10T10:00:00')); // same conversation: once
    const b = await conversation();
    await addMessage(db(), b, 'client', sp('2025-06-09T08:00:00')); // yesterday, in span
    await addMessage(db(), b, 'client', sp('2025-06-10T11:00:00'));
    const c = await conversation();
    await addMessage(db(), c, 'client', sp('2025-06-10T00:00:00')); // exactly midnight: today
    const d = await conversation();
    await addMessage(db(), d, 'agent', sp('2025-06-10T12:00:00')); // only our side: not counted
    const e = await conversation();
    await addMessage(db(), e, 'client', sp('2025-06-09T13:29:59')); // yesterday, in span
    await addMessage(db(), e, 'client', sp('2025-06-09T15:00:00')); // yesterday after the span
    const f = await conversation();
    await addMessage(db(), f, 'client', sp('2025-06-09T16:00:00')); // only after yesterday's span
    await addMessage(db(), f, 'client', now + 1); // the future is not today

    const stats = await computeDashboardStats(db(), now, DEFAULT_TIME_ZONE);
    expect(stats.conversationsToday).toBe(3);
    expect(stats.conversationsTodayChange).toBe(50); // 3 vs 2
  });

  it('counts each active client once, whatever the number of conversations', async () => {
    const ana = await addClient(db(), 'Ana');
    const bruno = await addClient(db(), 'Bruno');
    const carla = await addClient(db(), 'Carla');
    for (const client of [ana, ana, bruno]) {
      const conv = await addConversation(db(), client);
      await addMessage(db(), conv, 'client', sp('2025-06-10T08:00:00'));
    }
    for (const client of [ana, bruno, carla]) {
      const conv = await addConversation(db(), client);
      await addMessage(db(), conv, 'client', sp('2025-06-09T08:00:00'));
    }
    const stats = await computeDashboardStats(db(), now, DEFAULT_TIME_ZONE);
    expect(stats.activeClients).toBe(2);
    expect(stats.activeClientsChange).toBe(-33.3); // 2 vs 3
  });

  it('averages response times from the first unanswered client message to our next reply', async () => {
    const a = await conversation();
    await addMessage(db(), a, 'client', sp('2025-06-10T10:00:00'));
    await addMessage(db(), a, 'client', sp('2025-06-10T10:00:30')); // same unanswered run
    await addMessage(db(), a, 'agent', sp('2025-06-10T10:01:00'), { aiGenerated: true }); // 60 s
    await addMessage(db(), a, 'agent', sp('2025-06-10T10:01:10')); // follow-up: no response time
    await addMessage(db(), a, 'client', sp('2025-06-10T10:05:00'));
    await addMessage(db(), a, 'admin', sp('2025-06-10T10:05:20')); // 20 s
    const b = await conversation();
    await addMessage(db(), b, 'client', sp('2025-06-09T23:58:00')); // asked yesterday…
    await addMessage(db(), b, 'agent', sp('2025-06-10T00:01:00')); // …answered today: 180 s, today
    const y = await conversation();
    await addMessage(db(), y, 'client', sp('2025-06-09T09:00:00'));
    await addMessage(db(), y, 'agent', sp('2025-06-09T09:02:10')); // yesterday: 130 s
    const stats = await computeDashboardStats(db(), now, DEFAULT_TIME_ZONE);
    expect(stats.avgResponseTime).toBe(86.7); // (60 + 20 + 180) / 3
    expect(stats.avgResponseTimeChange).toBe(-33.3); // 86.67 vs 130
  });

  it('has no response-time change when yesterday had no reply', async () => {
    const a = await conversation();
    await addMessage(db(), a, 'client', sp('2025-06-10T10:00:00'));
    await addMessage(db(), a, 'agent', sp('2025-06-10T10:00:05'));
    const stats = await computeDashboardStats(db(), now, DEFAULT_TIME_ZONE);
    expect(stats.avgResponseTime).toBe(5);
    expect(stats.avgResponseTimeChange).toBe(0);
  });

  it('rates conversions over the last 7 days and changes in percentage points', async () => {
    // Last 7 days: 4 active conversations, 1 converted inside the window.
    const won = await conversation({ convertedAt: sp('2025-06-08T10:00:00') });
    await addMessage(db(), won, 'client', sp('2025-06-08T09:00:00'));
    const oldWin = await conversation({ convertedAt: now - 8 * DAY }); // converted before the window
    await addMessage(db(), oldWin, 'client', sp('2025-06-09T09:00:00'));
    for (const at of [sp('2025-06-05T09:00:00'), sp('2025-06-10T09:00:00')]) {
      const conv = await conversation();
      await addMessage(db(), conv, 'client', at);
    }
    // The 7 days before: 2 active conversations (one is oldWin's earlier message), 1 converted.
    await addMessage(db(), oldWin, 'client', now - 8 * DAY - 1000);
    const other = await conversation();
    await addMessage(db(), other, 'client', now - 10 * DAY);
    // Older than 14 days: ignored.
    const ancient = await conversation({ convertedAt: now - 20 * DAY });
    await addMessage(db(), ancient, 'client', now - 20 * DAY);

    const stats = await computeDashboardStats(db(), now, DEFAULT_TIME_ZONE);
    expect(stats.conversionRate).toBe(25);
    expect(stats.conversionRateChange).toBe(-25); // 25% − 50%
  });

  it('builds the four series with their lengths, labels and values', async () => {
    const a = await conversation({ convertedAt: sp('2025-06-10T09:20:00') });
    await addMessage(db(), a, 'client', sp('2025-06-10T09:15:00'));
    await addMessage(db(), a, 'agent', sp('2025-06-10T09:15:12'));
    const b = await conversation();
    await addMessage(db(), b, 'client', sp('2025-06-10T09:40:00'));
    await addMessage(db(), b, 'client', sp('2025-06-09T20:00:00'));
    await addMessage(db(), b, 'client', sp('2025-05-12T08:00:00')); // first day of the 30
    await addMessage(db(), b, 'client', sp('2025-05-11T23:59:59')); // before the 30 days

    // Converted a second before the 7-day chart starts: not a conversion of its first day.
    const early = await conversation({ convertedAt: sp('2025-06-03T23:59:59') });
    await addMessage(db(), early, 'client', sp('2025-06-04T10:00:00'));

    const charts = await computeDashboardCharts(db(), now, DEFAULT_TIME_ZONE);
    expect(charts.conversations).toHaveLength(24);
    expect(charts.responseTime).toHaveLength(24);
    expect(charts.conversions).toHaveLength(7);
    expect(charts.clientGrowth).toHaveLength(30);

    const at = (series: { label: string; value: number }[], label: string) =>
      series.find((p) => p.label === label)?.value;
    expect(at(charts.conversations, '09:00')).toBe(2);
    expect(at(charts.conversations, '20:00')).toBe(1);
    expect(at(charts.conversations, '13:00')).toBe(0);
    expect(at(charts.responseTime, '09:00')).toBe(12);
    expect(charts.conversions.map((p) => p.label)).toEqual([
      '04/06',
      '05/06',
      '06/06',
      '07/06',
      '08/06',
      '09/06',
      '10/06',
    ]);
    expect(at(charts.conversions, '10/06')).toBe(50); // 1 of 2 conversations active today converted
    expect(at(charts.conversions, '09/06')).toBe(0);
    expect(at(charts.conversions, '04/06')).toBe(0);
    expect(charts.clientGrowth[0]).toEqual({ label: '12/05', value: 1 });
    expect(at(charts.clientGrowth, '10/06')).toBe(2);
    expect(charts.clientGrowth.reduce((sum, p) => sum + p.value, 0)).toBe(5);
    // The running hour and day are marked partial, and only they.
    for (const series of Object.values(charts)) {
      expect(series.at(-1)?.partial).toBe(true);
      expect(series.filter((p) => p.partial)).toHaveLength(1);
    }
  });
});
