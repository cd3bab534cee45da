import { type BusinessHours, businessHoursSchema } from '@atende/contracts';

/** One formatter per time zone: building one costs more than a rule set's whole evaluation. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

type Clock = { day: number; date: string; minutes: number };
/** The last minute read per time zone: the messages of one minute share its reading. */
const lastMinute = new Map<string, { minute: number; clock: Clock }>();

/** The local weekday (0 = domingo), date (YYYY-MM-DD) and minutes since midnight of an instant. */
export function localClock(at: number, timeZone: string): Clock {
  const minute = Math.floor(at / 60_000);
  const last = lastMinute.get(timeZone);
  if (last?.minute === minute) return last.clock;
  const clock = readClock(at, timeZone);
  lastMinute.set(timeZone, { minute, clock });
  return clock;
}

function readClock(at: number, timeZone: string): Clock {
  const parts = formatterOf(timeZone).formatToParts(at);
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
