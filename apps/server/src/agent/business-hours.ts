export interface BusinessHours {
  enabled: boolean;
  /** `HH:mm`, local to the company's time zone. */
  start: string;
  end: string;
}

function minutes(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** Minutes since local midnight of an instant in a time zone (falls back to UTC for an unknown zone). */
export function localMinutes(at: number, timeZone: string): number {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(at);
  } catch {
    parts = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'UTC',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(at);
  }
  const value = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return value('hour') * 60 + value('minute');
}

/**
 * Whether people are at work at this instant: always when business hours are off; otherwise
 * start ≤ local time < end, with a window that may cross midnight (22:00–06:00).
 */
export function isWithinBusinessHours(at: number, hours: BusinessHours, timeZone: string): boolean {
  if (!hours.enabled) return true;
  const local = localMinutes(at, timeZone);
  const start = minutes(hours.start);
  const end = minutes(hours.end);
  if (start === end) return true;
  return start < end ? local >= start && local < end : local >= start || local < end;
}
