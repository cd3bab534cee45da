import { type BusinessHours, businessHoursSchema } from '@atende/contracts';

/** The local weekday (0 = domingo), date (YYYY-MM-DD) and minutes since midnight of an instant. */
export function localClock(at: number, timeZone: string): { day: number; date: string; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    weekday: 'short',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  return {
    day: weekdays.indexOf(part('weekday')),
    date: `${part('year')}-${part('month')}-${part('day')}`,
    minutes: Number(part('hour')) * 60 + Number(part('minute')),
  };
}

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether a moment falls within one of the day's intervals, in the inbox's time zone, holidays closed. */
export function isOpen(hours: BusinessHours, at: number): boolean {
  const clock = localClock(at, hours.timeZone);
  if (hours.holidays.some((holiday) => holiday.date === clock.date)) return false;
  return (hours.week[clock.day] ?? []).some(
    (interval) => clock.minutes >= toMinutes(interval.from) && clock.minutes < toMinutes(interval.to),
  );
}

/** An inbox's stored business hours (JSON column), or the defaults (off) when unset or unreadable. */
export function parseBusinessHours(stored: string | null): BusinessHours {
  if (!stored) return businessHoursSchema.parse({});
  try {
    const parsed = businessHoursSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : businessHoursSchema.parse({});
  } catch {
    return businessHoursSchema.parse({});
  }
}
