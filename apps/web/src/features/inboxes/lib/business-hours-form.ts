import { type BusinessHours, brazilHolidays } from '@atende/contracts';

type Holiday = BusinessHours['holidays'][number];
type Interval = BusinessHours['week'][number][number];

/** The holidays with Brazil's national ones of `year` added (a date already listed keeps its name). */
export function withNationalHolidays(holidays: readonly Holiday[], year: number): Holiday[] {
  const taken = new Set(holidays.map((h) => h.date));
  const added = brazilHolidays(year).filter((h) => !taken.has(h.date));
  return sortHolidays([...holidays, ...added]);
}

/** By date; undated ones (just added, being typed) stay last. */
export function sortHolidays(holidays: readonly Holiday[]): Holiday[] {
  return [...holidays].sort((a, b) => (a.date || '9999').localeCompare(b.date || '9999'));
}

/** How many of `year`'s national holidays are already in the list. */
export function nationalHolidaysListed(holidays: readonly Holiday[], year: number): number {
  const dates = new Set(holidays.map((h) => h.date));
  return brazilHolidays(year).filter((h) => dates.has(h.date)).length;
}

const toMinutes = (hhmm: string) => {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return h * 60 + m;
};
const toHhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The interval a day's "+ Intervalo" adds: 08:00–18:00 on an empty day, else an hour after the last one. */
export function nextInterval(day: readonly Interval[]): Interval {
  const last = day.at(-1);
  if (!last) return { from: '08:00', to: '18:00' };
  const after = toMinutes(last.to) + 60;
  const from = after > 23 * 60 ? toMinutes(last.to) : after;
  return { from: toHhmm(from), to: toHhmm(Math.min(from + 4 * 60, 23 * 60 + 59)) };
}

/** Monday's intervals copied to Tuesday … Friday. */
export function copyMondayToWeekdays(week: BusinessHours['week']): BusinessHours['week'] {
  const monday = week[1] ?? [];
  return week.map((day, index) => (index >= 2 && index <= 5 ? monday.map((i) => ({ ...i })) : day));
}
