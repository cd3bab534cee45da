import { describe, expect, it } from 'vitest';
import { isWithinBusinessHours, localMinutes } from './business-hours.js';

// 2026-01-15 14:30 UTC = 11:30 in São Paulo (UTC−3, no daylight saving).
const at = Date.UTC(2026, 0, 15, 14, 30);

describe('business hours', () => {
  it('reads the local time of the company time zone', () => {
    expect(localMinutes(at, 'America/Sao_Paulo')).toBe(11 * 60 + 30);
    expect(localMinutes(at, 'Zona/Inexistente')).toBe(14 * 60 + 30);
  });

  it('checks the window, including one across midnight', () => {
    const tz = 'America/Sao_Paulo';
    expect(isWithinBusinessHours(at, { enabled: true, start: '08:00', end: '18:00' }, tz)).toBe(true);
    expect(isWithinBusinessHours(at, { enabled: true, start: '12:00', end: '18:00' }, tz)).toBe(false);
    expect(isWithinBusinessHours(at, { enabled: true, start: '22:00', end: '12:00' }, tz)).toBe(true);
    expect(isWithinBusinessHours(at, { enabled: false, start: '12:00', end: '13:00' }, tz)).toBe(true);
  });
});
