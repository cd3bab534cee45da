import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, sp } from '../../../test/metric-fixtures.js';
import {
  HOUR_MS,
  lastDays,
  lastHours,
  localDayStart,
  rollingWindows,
  todayVsYesterday,
} from './time-windows.js';

describe('time windows (America/Sao_Paulo)', () => {
  const now = sp('2025-06-10T13:30:00');

  it('starts the day at local midnight, not UTC midnight', () => {
    expect(localDayStart(now, DEFAULT_TIME_ZONE)).toBe(sp('2025-06-10T00:00:00'));
    // 01:00 UTC on the 10th is still the 9th in São Paulo.
    expect(localDayStart(Date.parse('2025-06-10T01:00:00Z'), DEFAULT_TIME_ZONE)).toBe(
      sp('2025-06-09T00:00:00'),
    );
  });

  it('compares today so far with the same span of yesterday', () => {
    const { today, yesterday } = todayVsYesterday(now, DEFAULT_TIME_ZONE);
    expect(today).toMatchObject({ start: sp('2025-06-10T00:00:00'), end: now });
    expect(yesterday).toMatchObject({ start: sp('2025-06-09T00:00:00'), end: sp('2025-06-09T13:30:00') });
  });

  it('gives rolling 7-day windows back to back', () => {
    const { current, previous } = rollingWindows(now, 7);
    expect(current.end - current.start).toBe(7 * 24 * HOUR_MS);
    expect(previous.end).toBe(current.start);
  });

  it('labels 24 hours HH:00, oldest first, the current hour last', () => {
    const hours = lastHours(now, 24, DEFAULT_TIME_ZONE);
    expect(hours).toHaveLength(24);
    expect(hours[0]?.label).toBe('14:00');
    expect(hours[23]).toMatchObject({ label: '13:00', start: sp('2025-06-10T13:00:00'), end: now });
    expect(hours.every((h, i) => i === 0 || h.start === (hours[i - 1]?.end ?? -1))).toBe(true);
  });

  it('labels 30 days dd/MM, today last, across a month boundary', () => {
    const days = lastDays(now, 30, DEFAULT_TIME_ZONE);
    expect(days).toHaveLength(30);
    expect(days[29]).toMatchObject({ label: '10/06', start: sp('2025-06-10T00:00:00'), end: now });
    expect(days[0]?.label).toBe('12/05');
    expect(days.map((d) => d.label)).toContain('31/05');
  });
});
