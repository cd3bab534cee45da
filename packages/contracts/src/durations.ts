/**
 * How a duration reads, in one place for the web (tables, charts, tooltips, axis ticks) and the
 * server (the unit in a CSV header): "38 s", "2 min 5 s", "2 h 46 min", "3 d 4 h". Pure; no zod.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const oneDecimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

/**
 * Milliseconds as a person reads them: under a second "< 1 s" (0 is "0 s"), one decimal under 10 s
 * ("8,5 s"), whole seconds under a minute ("38 s"), minutes and seconds under 10 minutes ("2 min 5 s"),
 * minutes under an hour ("46 min"), hours and minutes under a day ("2 h 46 min"), then days and hours.
 * Null, negative or not finite: "—".
 */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return '—';
  if (ms === 0) return '0 s';
  if (ms < SECOND) return '< 1 s';
  if (ms < 10 * SECOND) return `${oneDecimal.format(Math.round(ms / 100) / 10)} s`;
  if (ms < MINUTE) {
    const seconds = Math.round(ms / SECOND);
    return seconds === 60 ? '1 min' : `${seconds} s`;
  }
  if (ms < 10 * MINUTE) {
    const total = Math.round(ms / SECOND);
    const minutes = Math.floor(total / 60);
    const seconds = total % 60;
    return seconds === 0 ? `${minutes} min` : `${minutes} min ${seconds} s`;
  }
  if (ms < HOUR) {
    const minutes = Math.round(ms / MINUTE);
    return minutes === 60 ? '1 h' : `${minutes} min`;
  }
  if (ms < DAY) {
    const total = Math.round(ms / MINUTE);
    const hours = Math.floor(total / 60);
    const minutes = total % 60;
    if (hours === 24) return '1 d';
    return minutes === 0 ? `${hours} h` : `${hours} h ${minutes} min`;
  }
  const total = Math.round(ms / HOUR);
  const days = Math.floor(total / 24);
  const hours = total % 24;
  return hours === 0 ? `${days} d` : `${days} d ${hours} h`;
}

/** The unit a set of durations is shown in, where numbers must stay numbers (a CSV, an axis). */
export interface DurationUnit {
  /** `s`, `min`, `h` or `d`: what a header says, "Tempo de resolução (min)". */
  label: 's' | 'min' | 'h' | 'd';
  /** Milliseconds per unit. */
  ms: number;
}

const UNITS: readonly DurationUnit[] = [
  { label: 's', ms: SECOND },
  { label: 'min', ms: MINUTE },
  { label: 'h', ms: HOUR },
  { label: 'd', ms: DAY },
];

/**
 * The largest unit in which the column's largest value is still at least 2 of it: seconds for a column
 * up to 1 min 59 s, minutes up to 1 h 59 min, then hours, then days from 2 d.
 */
export function durationUnitFor(maxMs: number): DurationUnit {
  let chosen = UNITS[0] as DurationUnit;
  for (const unit of UNITS) if (Number.isFinite(maxMs) && maxMs >= 2 * unit.ms) chosen = unit;
  return chosen;
}

/** Round steps per unit: an axis of durations ticks on these (10 s, 5 min, 2 h…). */
const STEPS: Record<DurationUnit['label'], readonly number[]> = {
  s: [1, 2, 5, 10, 15, 30],
  min: [1, 2, 5, 10, 15, 30],
  h: [1, 2, 3, 6, 12],
  d: [1, 2, 5, 7, 14, 30],
};

/**
 * The step (ms) of a duration axis from 0 to `maxMs` with at most `maxTicks` intervals, on round units:
 * 30 s, 1 min, 5 min, 15 min, 1 h, 6 h, 1 d… so the ticks read "0 s", "5 min", "10 min".
 */
export function durationStepFor(maxMs: number, maxTicks = 5): number {
  if (!Number.isFinite(maxMs) || maxMs <= 0) return SECOND;
  for (const unit of UNITS) {
    for (const step of STEPS[unit.label]) {
      const ms = step * unit.ms;
      if (maxMs / ms <= maxTicks) return ms;
    }
  }
  return Math.ceil(maxMs / maxTicks / DAY) * DAY;
}
