/**
 * Local-time windows for the metrics (docs/metrics.md §Time): days are America/Sao_Paulo days,
 * computed here with Intl and handed to SQL as epoch-ms integers.
 */
export const METRICS_TIME_ZONE = 'America/Sao_Paulo';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** A half-open span of instants `[start, end)`, in epoch ms, with its chart label. */
export interface TimeRange {
  start: number;
  end: number;
  label: string;
}

const partsFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: METRICS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function localParts(ms: number): LocalParts {
  const parts: Record<string, number> = {};
  for (const p of partsFormat.formatToParts(ms)) {
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
function offsetAt(ms: number): number {
  const p = localParts(ms);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - (ms - (((ms % 1000) + 1000) % 1000));
}

/** The instant of local midnight starting the local day that contains `ms`. */
export function localDayStart(ms: number): number {
  const p = localParts(ms);
  const wallMidnight = Date.UTC(p.year, p.month - 1, p.day);
  const guess = wallMidnight - offsetAt(ms);
  // Re-check with the offset in force at the guess (differs only across an offset change).
  return wallMidnight - offsetAt(guess);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `dd/MM` of the local day containing `ms`. */
export function dayLabel(ms: number): string {
  const p = localParts(ms);
  return `${pad(p.day)}/${pad(p.month)}`;
}

/** `HH:00` of the local hour containing `ms`. */
export function hourLabel(ms: number): string {
  return `${pad(localParts(ms).hour)}:00`;
}

/** Today so far and the same span of yesterday: `{ today, yesterday }`. */
export function todayVsYesterday(now: number): { today: TimeRange; yesterday: TimeRange } {
  const todayStart = localDayStart(now);
  const yesterdayStart = localDayStart(todayStart - 1);
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
export function lastDays(now: number, count: number): TimeRange[] {
  const ranges: TimeRange[] = [];
  let end = now;
  let start = localDayStart(now);
  for (let i = 0; i < count; i++) {
    ranges.push({ start, end, label: dayLabel(start) });
    end = start;
    start = localDayStart(start - 1);
  }
  return ranges.reverse();
}

/**
 * The last `count` clock hours, oldest first, the current hour (up to `now`) last; labels `HH:00`.
 * São Paulo's offset is a whole number of hours, so local hours start on UTC hour boundaries.
 */
export function lastHours(now: number, count: number): TimeRange[] {
  const currentHour = now - (((now % HOUR_MS) + HOUR_MS) % HOUR_MS);
  const ranges: TimeRange[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const start = currentHour - i * HOUR_MS;
    ranges.push({ start, end: i === 0 ? now : start + HOUR_MS, label: hourLabel(start) });
  }
  return ranges;
}
