import type { DashboardCharts, DashboardStats } from '@atende/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import {
  lastDays,
  lastHours,
  rollingWindows,
  type TimeRange,
  todayVsYesterday,
} from '../../kernel/time/time-windows.js';
import { immediately, type Schedule } from '../../lib/one-at-a-time.js';
import {
  ALL_FIGURES,
  activeClientsPerRange,
  activeConversationsPerRange,
  conversionsPerRange,
  type FiguresFilter,
  responseTimesPerRange,
} from './analytics.repository.js';
import type { ClosedBucketCache } from './closed-bucket-cache.js';
import { meanSeconds, percentChange, percentOf, responseTimeChange } from './metric-math.js';

type Db = Kysely<Database>;

/**
 * The eight dashboard figures at `now` (definitions: docs/metrics.md), over the conversations `within`
 * keeps (the viewer's inboxes and the filters).
 */
export async function computeDashboardStats(
  db: Db,
  now: number,
  zone: string,
  schedule: Schedule = immediately,
  within: FiguresFilter = ALL_FIGURES,
): Promise<DashboardStats> {
  const { today, yesterday } = todayVsYesterday(now, zone);
  const days: TimeRange[] = [yesterday, today];
  const week = rollingWindows(now, 7);
  const [conversations, clients, responses, conversions] = await Promise.all([
    schedule(() => activeConversationsPerRange(db, days, within)),
    schedule(() => activeClientsPerRange(db, days, within)),
    schedule(() => responseTimesPerRange(db, days, within)),
    schedule(() => conversionsPerRange(db, [week.previous, week.current], within)),
  ]);
  const [convYesterday = 0, convToday = 0] = conversations;
  const [clientsYesterday = 0, clientsToday = 0] = clients;
  const [rtYesterday = { totalMs: 0, count: 0 }, rtToday = { totalMs: 0, count: 0 }] = responses;
  const [prevWeek = { conversations: 0, converted: 0 }, thisWeek = { conversations: 0, converted: 0 }] =
    conversions;
  const rateThisWeek = percentOf(thisWeek.converted, thisWeek.conversations);
  const ratePrevWeek = percentOf(prevWeek.converted, prevWeek.conversations);
  return {
    conversationsToday: convToday,
    conversationsTodayChange: percentChange(convToday, convYesterday),
    conversionRate: rateThisWeek,
    conversionRateChange: Math.round((rateThisWeek - ratePrevWeek) * 10) / 10,
    avgResponseTime: meanSeconds(rtToday.totalMs, rtToday.count),
    avgResponseTimeChange: responseTimeChange(rtToday, rtYesterday),
    activeClients: clientsToday,
    activeClientsChange: percentChange(clientsToday, clientsYesterday),
  };
}

/**
 * The four dashboard series at `now`: 24 hourly, 7 daily, 24 hourly, 30 daily points. With a
 * `cache` (live pushes), finished hours and days are reused and only the current bucket is queried.
 * `schedule` runs each query (live pushes: one per turn of the event loop). `within` keeps the viewer's
 * inboxes and the filters (never with a cache: the cache holds the whole business's buckets).
 */
export async function computeDashboardCharts(
  db: Db,
  now: number,
  zone: string,
  cache?: ClosedBucketCache,
  schedule: Schedule = immediately,
  within: FiguresFilter = ALL_FIGURES,
): Promise<DashboardCharts> {
  const hours = lastHours(now, 24, zone);
  const week = lastDays(now, 7, zone);
  const month = lastDays(now, 30, zone);
  const series = <T>(name: string, ranges: TimeRange[], query: (r: readonly TimeRange[]) => Promise<T[]>) =>
    cache && within === ALL_FIGURES
      ? cache.series(name, ranges, (r) => schedule(() => query(r)))
      : schedule(() => query(ranges));
  const [conversations, conversions, responses, clients] = await Promise.all([
    series('conversations', hours, (r) => activeConversationsPerRange(db, r, within)),
    series('conversions', week, (r) => conversionsPerRange(db, r, within)),
    series('responseTime', hours, (r) => responseTimesPerRange(db, r, within)),
    series('clientGrowth', month, (r) => activeClientsPerRange(db, r, within)),
  ]);
  // The hour and the day still running are so far: the charts draw them as partial.
  // (The current bucket ends at `now` itself: [start of the hour or day, now).)
  const partial = (r: TimeRange) => (r.end >= now ? { partial: true } : {});
  return {
    conversations: hours.map((h, i) => ({ label: h.label, value: conversations[i] ?? 0, ...partial(h) })),
    conversions: week.map((d, i) => ({
      label: d.label,
      value: percentOf(conversions[i]?.converted ?? 0, conversions[i]?.conversations ?? 0),
      ...partial(d),
    })),
    responseTime: hours.map((h, i) => ({
      label: h.label,
      value: meanSeconds(responses[i]?.totalMs ?? 0, responses[i]?.count ?? 0),
      ...partial(h),
    })),
    clientGrowth: month.map((d, i) => ({ label: d.label, value: clients[i] ?? 0, ...partial(d) })),
  };
}
