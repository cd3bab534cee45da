/** The analytics range: local (São Paulo) dates `AAAA-MM-DD`, both inclusive. */
export interface DateRange {
  from: string;
  to: string;
}

export type RangePreset = 'hoje' | '7d' | '30d' | '90d' | 'personalizado';

export const RANGE_PRESETS: ReadonlyArray<{ id: RangePreset; label: string; days?: number }> = [
  { id: 'hoje', label: 'Hoje', days: 1 },
  { id: '7d', label: '7 dias', days: 7 },
  { id: '30d', label: '30 dias', days: 30 },
  { id: '90d', label: '90 dias', days: 90 },
  { id: 'personalizado', label: 'Personalizado' },
];

const localDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date where the business is (the metrics' time zone), whatever the browser's zone. */
export function todayIn(now: Date = new Date()): string {
  return localDate.format(now);
}

/** `date` moved by `days` calendar days (date arithmetic at UTC noon, so no zone shifts it). */
export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** The last `days` days ending today. */
export function presetRange(
  preset: Exclude<RangePreset, 'personalizado'>,
  now: Date = new Date(),
): DateRange {
  const days = RANGE_PRESETS.find((p) => p.id === preset)?.days ?? 30;
  const to = todayIn(now);
  return { from: addDays(to, -(days - 1)), to };
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The range a URL asks for: a preset, or valid custom dates; 30 days otherwise. */
export function rangeFromParams(
  params: URLSearchParams,
  now: Date = new Date(),
): { preset: RangePreset; range: DateRange } {
  const preset = params.get('periodo');
  const from = params.get('de') ?? '';
  const to = params.get('ate') ?? '';
  if (preset === 'personalizado' && ISO_DATE.test(from) && ISO_DATE.test(to) && from <= to) {
    return { preset, range: { from, to } };
  }
  const known = RANGE_PRESETS.find((p) => p.id === preset && p.days);
  const id = (known?.id ?? '30d') as Exclude<RangePreset, 'personalizado'>;
  return { preset: id, range: presetRange(id, now) };
}

const display = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'UTC',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** '01/11/2026 a 23/11/2026' (or one date for a single day). */
export function describeRange(range: DateRange): string {
  const fmt = (date: string) => display.format(new Date(`${date}T12:00:00Z`));
  return range.from === range.to ? fmt(range.from) : `${fmt(range.from)} a ${fmt(range.to)}`;
}
