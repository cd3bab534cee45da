import { describe, expect, it } from 'vitest';
import { addDays, describeRange, presetRange, rangeFromParams, todayIn } from './date-range';

// 02:30 UTC on 23/11 is still 22/11 in São Paulo (UTC−3).
const lateNight = new Date('2026-11-23T02:30:00Z');

describe('analytics date range', () => {
  it('takes today in São Paulo, not in UTC', () => {
    expect(todayIn(lateNight)).toBe('2026-11-22');
  });

  it('builds presets that end today and include it', () => {
    expect(presetRange('hoje', lateNight)).toEqual({ from: '2026-11-22', to: '2026-11-22' });
    expect(presetRange('7d', lateNight)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(presetRange('90d', lateNight)).toEqual({ from: '2026-08-25', to: '2026-11-22' });
  });

  it('moves across months and leap days', () => {
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('reads a custom range from the URL and falls back to 30 days on anything else', () => {
    const custom = new URLSearchParams('periodo=personalizado&de=2026-10-01&ate=2026-10-15');
    expect(rangeFromParams(custom, lateNight)).toEqual({
      preset: 'personalizado',
      range: { from: '2026-10-01', to: '2026-10-15' },
    });
    const reversed = new URLSearchParams('periodo=personalizado&de=2026-10-15&ate=2026-10-01');
    expect(rangeFromParams(reversed, lateNight).preset).toBe('30d');
    expect(rangeFromParams(new URLSearchParams('periodo=__proto__'), lateNight).range).toEqual({
      from: '2026-10-24',
      to: '2026-11-22',
    });
  });

  it('describes a range in pt-BR', () => {
    expect(describeRange({ from: '2026-11-01', to: '2026-11-23' })).toBe('01/11/2026 a 23/11/2026');
    expect(describeRange({ from: '2026-11-23', to: '2026-11-23' })).toBe('23/11/2026');
  });
});
