import type { Analytics } from '@atende/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { DAY_MS, lastDays, lastHours, type TimeRange } from '../../kernel/time/time-windows.js';
import {
  ALL_FIGURES,
  activeClientsPerRange,
  activeConversationsPerRange,
  conversionsPerRange,
  countActivities,
  countConversationsAt,
  countConversationsBy,
  countMessages,
  type FiguresFilter,
  repliesByAuthor,
  responseTimesPerRange,
} from './analytics.repository.js';
import { computeDashboardCharts } from './dashboard-metrics.js';
import { meanSeconds, percentOf } from './metric-math.js';

type Db = Kysely<Database>;
export type AnalyticsPeriod = Analytics['period'];

const PERIOD_DAYS: Record<AnalyticsPeriod, number> = { '24h': 1, '7d': 7, '30d': 30 };

/** The rolling window of a period: `[now − period, now)`. */
export function periodRange(period: AnalyticsPeriod, now: number): TimeRange {
  return { start: now - PERIOD_DAYS[period] * DAY_MS, end: now, label: period };
}

/**
 * `GET /api/analytics`: totals over the period plus the four dashboard series, over the conversations
 * `within` keeps (the viewer's inboxes and the filters).
 */
export async function computeAnalytics(
  db: Db,
  period: AnalyticsPeriod,
  now: number,
  zone: string,
  within: FiguresFilter = ALL_FIGURES,
): Promise<Analytics> {
  const range = periodRange(period, now);
  const [conversations, clients, responses, conversions, messages, replies, handoffs, charts] =
    await Promise.all([
      activeConversationsPerRange(db, [range], within),
      activeClientsPerRange(db, [range], within),
      responseTimesPerRange(db, [range], within),
      conversionsPerRange(db, [range], within),
      countMessages(db, range, within),
      repliesByAuthor(db, range, within),
      countActivities(db, 'takeover', range, within),
      computeDashboardCharts(db, now, zone, undefined, undefined, within),
    ]);
  const conversion = conversions[0] ?? { conversations: 0, converted: 0 };
  const rt = responses[0] ?? { totalMs: 0, count: 0 };
  return {
    period,
    totals: {
      conversations: conversations[0] ?? 0,
      messages,
      clients: clients[0] ?? 0,
      aiHandledRate: percentOf(replies.ai, replies.replies),
      conversionRate: percentOf(conversion.converted, conversion.conversations),
      avgResponseTime: meanSeconds(rt.totalMs, rt.count),
      handoffs,
    },
    charts,
  };
}

/** `GET /api/analytics/conversations`: hourly and daily activity, and all conversations by status/handler. */
export async function computeConversationsAnalytics(
  db: Db,
  period: AnalyticsPeriod,
  now: number,
  zone: string,
  within: FiguresFilter = ALL_FIGURES,
) {
  const hours = lastHours(now, 24, zone);
  const days = lastDays(now, PERIOD_DAYS[period], zone);
  const [perHour, perDay, byStatus, byHandler] = await Promise.all([
    activeConversationsPerRange(db, hours, within),
    activeConversationsPerRange(db, days, within),
    countConversationsBy(db, 'status', within),
    countConversationsBy(db, 'handler_mode', within),
  ]);
  return {
    perHour: hours.map((h, i) => ({ label: h.label, value: perHour[i] ?? 0 })),
    perDay: days.map((d, i) => ({ label: d.label, value: perDay[i] ?? 0 })),
    byStatus,
    byHandler,
  };
}

/** `GET /api/analytics/conversions`: rate and count over the period, and the daily rate. */
export async function computeConversionsAnalytics(
  db: Db,
  period: AnalyticsPeriod,
  now: number,
  zone: string,
  within: FiguresFilter = ALL_FIGURES,
) {
  const range = periodRange(period, now);
  const days = lastDays(now, PERIOD_DAYS[period], zone);
  const [overall, total, perDay] = await Promise.all([
    conversionsPerRange(db, [range], within),
    countConversationsAt(db, 'converted_at', range, within),
    conversionsPerRange(db, days, within),
  ]);
  const o = overall[0] ?? { conversations: 0, converted: 0 };
  return {
    rate: percentOf(o.converted, o.conversations),
    total,
    perDay: days.map((d, i) => ({
      label: d.label,
      value: percentOf(perDay[i]?.converted ?? 0, perDay[i]?.conversations ?? 0),
    })),
  };
}
