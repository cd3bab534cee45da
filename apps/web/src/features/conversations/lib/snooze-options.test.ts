import { describe, expect, it } from 'vitest';
import { snoozeChoices, snoozeHint, snoozeUntil, toDateTimeLocal } from './snooze-options';

// Wednesday 4 March 2026, 14:30 local time.
const now = new Date(2026, 2, 4, 14, 30);

describe('snoozeUntil', () => {
  it('adds one or three hours', () => {
    expect(snoozeUntil('one-hour', now)).toEqual(new Date(2026, 2, 4, 15, 30));
    expect(snoozeUntil('three-hours', now)).toEqual(new Date(2026, 2, 4, 17, 30));
  });

  it('is tomorrow at 9 and next Monday at 9', () => {
    expect(snoozeUntil('tomorrow', now)).toEqual(new Date(2026, 2, 5, 9, 0));
    expect(snoozeUntil('next-monday', now)).toEqual(new Date(2026, 2, 9, 9, 0));
  });

  it('counts next Monday from a Sunday and a Monday', () => {
    expect(snoozeUntil('next-monday', new Date(2026, 2, 8, 20, 0))).toEqual(new Date(2026, 2, 9, 9, 0));
    expect(snoozeUntil('next-monday', new Date(2026, 2, 9, 8, 0))).toEqual(new Date(2026, 2, 16, 9, 0));
  });

  it('crosses the end of a month', () => {
    expect(snoozeUntil('tomorrow', new Date(2026, 2, 31, 23, 0))).toEqual(new Date(2026, 3, 1, 9, 0));
  });
});

describe('snoozeChoices', () => {
  const labels = (at: Date) => snoozeChoices(at).map((c) => c.label);

  it('lists the four choices with their instants on a weekday', () => {
    expect(labels(now)).toEqual(['1 hora', '3 horas', 'Amanhã 9h', 'Próxima segunda 9h']);
    expect(snoozeChoices(now).at(-1)?.until).toEqual(new Date(2026, 2, 9, 9, 0));
  });

  it('leaves out "próxima segunda 9h" on a Sunday, when it is "amanhã 9h"', () => {
    const sunday = new Date(2026, 2, 8, 20, 0);
    expect(labels(sunday)).toEqual(['1 hora', '3 horas', 'Amanhã 9h']);
  });
});

describe('snoozeHint and toDateTimeLocal', () => {
  it('shows only the time today, the weekday otherwise', () => {
    expect(snoozeHint(new Date(2026, 2, 4, 15, 30), now)).toBe('15:30');
    expect(snoozeHint(new Date(2026, 2, 5, 9, 0), now)).toMatch(/^qui\.?, 09:00$/);
  });

  it('formats a datetime-local value', () => {
    expect(toDateTimeLocal(new Date(2026, 0, 2, 3, 4))).toBe('2026-01-02T03:04');
  });
});
