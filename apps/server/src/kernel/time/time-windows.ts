/**
 * Local-time windows for the metrics (docs/metrics.md §Time): days and hours are those of the time
 * zone the admins chose (`admin-config.timezone`, an IANA name), computed here with Intl and handed to
 * SQL as epoch-ms integers.
 */

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** A half-open span of instants `[start, end)`, in epoch ms, with its chart label. */
export interface TimeRange {
  start: number;
  end: number;
  label: string;
}

/** One formatter per zone: building one costs far more than using it. */
const formats = new Map<string, Intl.DateTimeFormat>();
function partsFormat(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(zone, format);
  }
  return format;
}

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function localParts(ms: number, zone: string): LocalParts {
  const parts: Record<string, number> = {};
  for (const p of partsFormat(zone).formatToParts(ms)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** Local time minus UTC at an instant, in ms (−3 h for São Paulo today). */
export function offsetAt(ms: number, zone: string): number {
  const p = localParts(ms, zone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - (ms - (((ms % 1000) + 1000) % 1000));
}

/** The instant of local midnight starting the local day that contains `ms`. */
export function localDayStart(ms: number, zone: string): number {
  const p = localParts(ms, zone);
  const wallMidnight = Date.UTC(p.year, p.month - 1, p.day);
  const guess = wallMidnight - offsetAt(ms, zone);
  // Re-check with the offset in force at the guess (differs only across an offset change).
  return wallMidnight - offsetAt(guess, zone);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `dd/MM` of the local day containing `ms`. */
export function dayLabel(ms: number, zone: string): string {
  const p = localParts(ms, zone);
  return `${pad(p.day)}/${pad(p.month)}`;
}

/** `HH:00` of the local hour containing `ms`. */
export function hourLabel(ms: number, zone: string): string {
  return `${pad(localParts(ms, zone).hour)}:00`;
}

/** Today so far and the same span of yesterday: `{ today, yesterday }`. */
export function todayVsYesterday(now: number, zone: string): { today: TimeRange; yesterday: TimeRange } {
  const todayStart = localDayStart(now, zone);
  const yesterdayStart = localDayStart(todayStart - 1, zone);
  const elapsed = now - todayStart;
  return {
    today: { start: todayStart, end: now, label: 'today' },
    yesterday: {
      start: yesterdayStart,
      end: Math.min(yesterdayStart + elapsed, todayStart),
      label: 'yesterday',
    },
  };
}

/** The rolling window `[now − days × 24 h, now)` and the same-length window before it. */
export function rollingWindows(now: number, days: number): { current: TimeRange; previous: TimeRange } {
  const start = now - days * DAY_MS;
  return {
    current: { start, end: now, label: 'current' },
    previous: { start: start - days * DAY_MS, end: start, label: 'previous' },
  };
}

/** The last `count` local days, oldest first, today (up to `now`) last; labels `dd/MM`. */
export function lastDays(now: number, count: number, zone: string): TimeRange[] {
  const ranges: TimeRange[] = [];
  let end = now;
  let start = localDayStart(now, zone);
  for (let i = 0; i < count; i++) {
    ranges.push({ start, end, label: dayLabel(start, zone) });
    end = start;
    start = localDayStart(start - 1, zone);
  }
  return ranges.reverse();
}

/**
 * The last `count` clock hours, oldest first, the current hour (up to `now`) last; labels `HH:00`.
 * The current local hour starts at `now` minus its minutes and seconds (a zone a half hour off UTC
 * starts its hours on the half hour); the earlier ones an hour apart.
 */
export function lastHours(now: number, count: number, zone: string): TimeRange[] {
  const p = localParts(now, zone);
  const currentHour = now - ((p.minute * 60 + p.second) * 1000 + (((now % 1000) + 1000) % 1000));
  const ranges: TimeRange[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const start = currentHour - i * HOUR_MS;
    ranges.push({ start, end: i === 0 ? now : start + HOUR_MS, label: hourLabel(start, zone) });
  }
  return ranges;
}
