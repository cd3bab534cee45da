import {
  type AnalyticsRangeQuery,
  type AnalyticsReport,
  type AnalyticsReportQuery,
  handoffCauseLabel,
} from '@atende/contracts';
import type { Kysely } from 'kysely';
import type { ConversationScope } from '../../conversations/visibility/visibility.service.js';
import type { Database } from '../../db/schema.js';
import {
  dayLabel,
  HOUR_MS,
  localDayStart,
  offsetAt,
  type TimeRange,
} from '../../kernel/time/time-windows.js';
import { now, toIso } from '../../lib/clock.js';
import {
  conversionsPerRange,
  countConversationsAt,
  figuresOf,
  handoffsPerRange,
} from './analytics.repository.js';
import { meanSeconds, percentOf } from './metric-math.js';
import {
  busiestHours,
  clarifications,
  firstResponses,
  handoffs,
  replies,
  type Split,
  topKnowledgeGaps,
} from './report.repository.js';

type Db = Kysely<Database>;

function dateParts(date: string): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number);
  return [y ?? 1970, (m ?? 1) - 1, d ?? 1];
}

/** Local midnight (in `zone`) starting a `AAAA-MM-DD` day: two hours into it, back to its start. */
function localDateStart(date: string, zone: string): number {
  const utcMidnight = Date.UTC(...dateParts(date));
  return localDayStart(utcMidnight - offsetAt(utcMidnight, zone) + 2 * HOUR_MS, zone);
}

/** `AAAA-MM-DD` of the local day containing `ms`. */
function isoDate(ms: number, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(ms);
}

/**
 * The report's span and its local days in `zone` (the admins' time zone): `[local midnight of from,
 * local midnight after to)`.
 */
export function reportDays(
  query: AnalyticsRangeQuery,
  zone: string,
): { range: TimeRange; days: TimeRange[] } {
  const start = localDateStart(query.from, zone);
  const lastStart = localDateStart(query.to, zone);
  const days: TimeRange[] = [];
  for (let dayStart = start; dayStart <= lastStart; ) {
    // +36 h is always inside the next local day, whatever an offset change does to this one's length.
    const next = localDayStart(dayStart + 36 * HOUR_MS, zone);
    days.push({ start: dayStart, end: next, label: dayLabel(dayStart, zone) });
    dayStart = next;
  }
  const end = days.at(-1)?.end ?? start;
  return { range: { start, end, label: `${query.from}..${query.to}` }, days };
}

const split = (s: Split) => ({
  seconds: s.count > 0 ? meanSeconds(s.totalMs, s.count) : null,
  count: s.count,
});

/**
 * `GET /api/analytics/report`: every figure of the analytics screen for one range (docs/metrics.md),
 * over the conversations matching the filters (inbox, person, label). Counts are over every
 * conversation the viewer's figures may count (all of them, unless an inbox is closed to them); the
 * knowledge gaps, which quote customers, only the viewer's conversations'.
 */
export async function computeReport(
  db: Db,
  query: AnalyticsReportQuery,
  scope: ConversationScope,
  zone: string,
): Promise<AnalyticsReport> {
  const { range, days } = reportDays(query, zone);
  // An operator kept out of an inbox counts only the inboxes open to them.
  const within = figuresOf(scope, { inboxId: query.inboxId, userId: query.userId, labelId: query.labelId });
  // Active conversations are the conversion rate's denominator: one query gives both.
  const [conversions, started, first, ourReplies, handed, perDay, perDayHandoffs, heatmap, gaps, asked] =
    await Promise.all([
      conversionsPerRange(db, [range], within),
      countConversationsAt(db, 'started_at', range, within),
      firstResponses(db, range, within),
      replies(db, range, within),
      handoffs(db, range, within),
      conversionsPerRange(db, days, within),
      handoffsPerRange(db, days, within),
      // Local wall clock minus UTC at the range's start: the day's UTC midnight minus its local midnight.
      busiestHours(db, range, Date.UTC(...dateParts(query.from)) - range.start, within),
      topKnowledgeGaps(db, range, scope, within),
      clarifications(db, range, within),
    ]);
  const conversion = conversions[0] ?? { conversations: 0, converted: 0 };
  const activeCount = conversion.conversations;
  const handoffCount = [...handed.byCause.values()].reduce((a, b) => a + b, 0);
  return {
    range: { from: toIso(range.start), to: toIso(range.end), days: days.length },
    conversations: {
      active: activeCount,
      started,
      converted: conversion.converted,
      conversionRate: percentOf(conversion.converted, conversion.conversations),
    },
    responseTime: {
      firstAi: split(first.ai),
      firstHuman: split(first.human),
      averageAi: split(ourReplies.responseTimes.ai),
      averageHuman: split(ourReplies.responseTimes.human),
    },
    handoffs: {
      count: handoffCount,
      rate: percentOf(handed.conversations, activeCount),
      takeovers: handed.takeovers,
      reasons: [...handed.byCause.entries()]
        .map(([cause, count]) => ({ cause, label: handoffCauseLabel(cause), count }))
        .sort((a, b) => b.count - a.count || a.cause.localeCompare(b.cause)),
    },
    ai: {
      replies: ourReplies.replies,
      aiReplies: ourReplies.ai,
      answerRate: percentOf(ourReplies.ai, ourReplies.replies),
      meanConfidence:
        ourReplies.meanConfidence === null ? null : Math.round(ourReplies.meanConfidence * 1000) / 1000,
    },
    clarifications: asked,
    heatmap,
    perDay: days.map((day, i) => ({
      date: isoDate(day.start, zone),
      label: day.label,
      conversations: perDay[i]?.conversations ?? 0,
      converted: perDay[i]?.converted ?? 0,
      handoffs: perDayHandoffs[i] ?? 0,
      // The day still running: its counts are so far.
      ...(day.end > now() ? { partial: true } : {}),
    })),
    knowledgeGaps: gaps.map((g) => ({
      question: g.question,
      count: Number(g.count),
      reason: g.reason,
      lastAskedAt: toIso(Number(g.last_asked_at)),
    })),
  };
}
