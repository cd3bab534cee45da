/** pt-BR formatting helpers. Pure functions; `now` is injectable for tests. */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const timeFormatter = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit', hour12: false });
const dayMonthFormatter = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit' });
const dateFormatter = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric' });

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

function isValid(date: Date): boolean {
  return !Number.isNaN(date.getTime());
}

/**
 * Under 1 minute 'Agora', then minutes, hours, days up to 7 days, then the date (dd/MM).
 * Future instants (clock skew) read as 'Agora'.
 */
export function formatRelativeTime(value: Date | string | number, now: Date = new Date()): string {
  const date = toDate(value);
  if (!isValid(date)) return '';
  const diff = now.getTime() - date.getTime();
  if (diff < MINUTE) return 'Agora';
  if (diff < HOUR) return `há ${Math.floor(diff / MINUTE)} min`;
  if (diff < DAY) return `há ${Math.floor(diff / HOUR)} h`;
  const days = Math.floor(diff / DAY);
  if (days <= 7) return days === 1 ? 'há 1 dia' : `há ${days} dias`;
  return dayMonthFormatter.format(date);
}

/** HH:mm, 24-hour clock. */
export function formatTime(value: Date | string | number): string {
  const date = toDate(value);
  return isValid(date) ? timeFormatter.format(date) : '';
}

/** dd/MM/yyyy. */
export function formatDate(value: Date | string | number): string {
  const date = toDate(value);
  return isValid(date) ? dateFormatter.format(date) : '';
}

/** 1234.5 → '1.234,5' (pt-BR grouping and decimal comma). */
export function formatNumber(value: number, maximumFractionDigits = 0): string {
  if (!Number.isFinite(value)) return '—';
  return new Intl.NumberFormat('pt-BR', { maximumFractionDigits }).format(value);
}

/** Always `fractionDigits` decimals: (12.3, 1) → '12,3', (3, 1) → '3,0'. */
export function formatDecimal(value: number, fractionDigits = 1): string {
  if (!Number.isFinite(value)) return '—';
  return new Intl.NumberFormat('pt-BR', {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(value);
}

/** A count with its noun: (1, 'tag', 'tags') → '1 tag', (1234, …) → '1.234 tags'. */
export function formatCount(count: number, singular: string, plural: string): string {
  return `${formatNumber(count)} ${count === 1 ? singular : plural}`;
}

/** A ratio given as 0–1, as a rounded percent (confidence): 0.254 → '25%'. */
export function formatRatio(ratio: number): string {
  return Number.isFinite(ratio) ? `${formatNumber(Math.round(ratio * 100))}%` : '—';
}

/** Milliseconds as a whole number: 1234.4 → '1.234 ms'. */
export function formatMilliseconds(ms: number): string {
  return Number.isFinite(ms) ? `${formatNumber(Math.round(ms))} ms` : '—';
}

/** A percent given as 0–100: 99.94 → '99,9%'. */
export function formatPercent(value: number, fractionDigits = 1): string {
  return Number.isFinite(value) ? `${formatDecimal(value, fractionDigits)}%` : '—';
}

/** A signed change in percent: 12.3 → '+12,3%', -4 → '-4,0%'. */
export function formatChange(value: number, fractionDigits = 1): string {
  if (!Number.isFinite(value)) return '—';
  const sign = value > 0 ? '+' : value < 0 ? '-' : '';
  return `${sign}${formatPercent(Math.abs(value), fractionDigits)}`;
}

/**
 * The one duration formatter (tables, charts, tooltips, axis ticks): "38 s", "2 min 5 s", "2 h 46 min"
 * (the contracts' `formatDuration`, which the server's CSV units follow too).
 */
export { durationStepFor, durationUnitFor, formatDuration } from '@atende/contracts';

/** Bytes as KB (the line a sent file becomes shows its size so). */
export function formatKilobytes(bytes: number): string {
  return `${formatDecimal(bytes / 1024, 1)} KB`;
}
