import type { AnalyticsRangeQuery } from '@atende/contracts';
import type { TimeRange } from '../../kernel/time/time-windows.js';
import { reportDays } from '../analytics/report.service.js';

/** How the figures are split: not at all, by time (day, week, hour of day), by inbox, person or label. */
export type Dimension = 'none' | 'day' | 'week' | 'hour' | 'inbox' | 'operator' | 'label';

/** The report's span in the admins' time zone, with its local days and Sunday-first weeks. */
export interface Frame {
  range: TimeRange;
  days: TimeRange[];
  weeks: TimeRange[];
  /** Local wall clock minus UTC at the range's start: hours of day are counted with it. */
  offsetMs: number;
  /** Local `AAAA-MM-DD` of each day. */
  dates: string[];
  now: number;
}

const weekdays = new Map<string, Intl.DateTimeFormat>();
function weekdayOf(ms: number, zone: string): string {
  let format = weekdays.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short' });
    weekdays.set(zone, format);
  }
  return format.format(ms);
}

function isoDate(ms: number, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(ms);
}

export function reportFrame(query: AnalyticsRangeQuery, zone: string, now: number): Frame {
  const { range, days } = reportDays(query, zone);
  const weeks: TimeRange[] = [];
  for (const [i, day] of days.entries()) {
    const last = weeks.at(-1);
    // The week starts on Sunday (spec §1); the range's first and last weeks may be shorter.
    if (!last || i === 0 || weekdayOf(day.start, zone) === 'Sun') {
      weeks.push({ start: day.start, end: day.end, label: day.label });
    } else {
      last.end = day.end;
    }
  }
  for (const week of weeks) {
    const last = days.filter((d) => d.start < week.end).at(-1);
    week.label = last && last.label !== week.label ? `${week.label} a ${last.label}` : week.label;
  }
  const [y, m, d] = query.from.split('-').map(Number);
  const offsetMs = Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1) - range.start;
  return { range, days, weeks, offsetMs, dates: days.map((day) => isoDate(day.start, zone)), now };
}

/** The time buckets of a time dimension, each with its key, label and whether it is still running. */
export function timeBuckets(
  frame: Frame,
  dimension: 'day' | 'week' | 'hour',
): Array<{ key: string; label: string; partial: boolean }> {
  const running = (r: TimeRange) => r.start <= frame.now && frame.now < r.end;
  if (dimension === 'hour') {
    return Array.from({ length: 24 }, (_, h) => ({
      key: String(h).padStart(2, '0'),
      label: `${String(h).padStart(2, '0')}h`,
      partial: false,
    }));
  }
  if (dimension === 'day') {
    return frame.days.map((day, i) => ({
      key: frame.dates[i] ?? day.label,
      label: day.label,
      partial: running(day),
    }));
  }
  return frame.weeks.map((week) => {
    const first = frame.days.findIndex((day) => day.start === week.start);
    return { key: frame.dates[first] ?? week.label, label: week.label, partial: running(week) };
  });
}

/** The bucket key of a raw SQL key of a time dimension (an index, or an hour of day). */
export function timeKeyOf(frame: Frame, dimension: 'day' | 'week' | 'hour', raw: unknown): string | null {
  if (raw === null || raw === undefined) return null;
  const n = Number(raw);
  if (dimension === 'hour') return String(((n % 24) + 24) % 24).padStart(2, '0');
  const range = dimension === 'day' ? frame.days[n] : frame.weeks[n];
  if (!range) return null;
  return frame.dates[frame.days.findIndex((day) => day.start === range.start)] ?? null;
}
