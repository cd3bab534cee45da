import { brazilHolidays, businessHoursSchema } from '@atende/contracts';
import { describe, expect, it } from 'vitest';
import { isOpen, localClock } from './business-hours.js';
import { patternToRegExp } from './conditions.js';

const hours = (overrides: Record<string, unknown>) =>
  businessHoursSchema.parse({ enabled: true, ...overrides });
// 2027-03-10 is a Wednesday. 12:30 UTC = 09:30 in São Paulo (UTC−3), 08:30 in Manaus (UTC−4).
const wednesdayNoonUtc = Date.UTC(2027, 2, 10, 12, 30);

describe('business hours', () => {
  it('reads the clock in the inbox’s time zone', () => {
    expect(localClock(wednesdayNoonUtc, 'America/Sao_Paulo')).toEqual({
      day: 3,
      date: '2027-03-10',
      minutes: 570,
    });
    expect(localClock(wednesdayNoonUtc, 'America/Manaus')).toEqual({
      day: 3,
      date: '2027-03-10',
      minutes: 510,
    });
  });

  it('is open within a day’s intervals, in that time zone', () => {
    const week = [
      [],
      ...Array.from({ length: 5 }, () => [
        { from: '09:00', to: '12:00' },
        { from: '13:00', to: '18:00' },
      ]),
      [],
    ];
    expect(isOpen(hours({ week, timeZone: 'America/Sao_Paulo' }), wednesdayNoonUtc)).toBe(true);
    // Still 08:30 in Manaus: closed there at the same instant.
    expect(isOpen(hours({ week, timeZone: 'America/Manaus' }), wednesdayNoonUtc)).toBe(false);
    // Lunch break: 12:30 local is closed.
    expect(isOpen(hours({ week, timeZone: 'America/Sao_Paulo' }), Date.UTC(2027, 2, 10, 15, 30))).toBe(false);
  });

  it('is closed on a holiday of the list', () => {
    const week = Array.from({ length: 7 }, () => [{ from: '00:00', to: '23:59' }]);
    const holidays = [{ date: '2027-03-10', name: 'Feriado municipal' }];
    expect(isOpen(hours({ week, holidays }), wednesdayNoonUtc)).toBe(false);
    expect(isOpen(hours({ week }), wednesdayNoonUtc)).toBe(true);
  });

  it('knows Brazil’s national holidays of a year, Good Friday from Easter', () => {
    const year = brazilHolidays(2027);
    expect(year).toHaveLength(10);
    expect(year).toContainEqual({ date: '2027-03-26', name: 'Sexta-feira Santa' });
    expect(brazilHolidays(2026)).toContainEqual({ date: '2026-04-03', name: 'Sexta-feira Santa' });
    expect(year.at(-1)).toEqual({ date: '2027-12-25', name: 'Natal' });
  });
});

describe('text patterns', () => {
  it('matches the whole text, * and ? only, accents and case ignored', () => {
    expect(patternToRegExp('*boleto*').test('quero o boleto de março')).toBe(true);
    expect(patternToRegExp('boleto*').test('quero o boleto')).toBe(false);
    expect(patternToRegExp('segunda via*').test('segunda via do boleto')).toBe(true);
    expect(patternToRegExp('*pedido ???*').test('meu pedido 123 chegou')).toBe(true);
    expect(patternToRegExp('*MARÇO*').test('boleto de marco')).toBe(true);
    // Everything else is literal: no regular-expression syntax gets through.
    expect(patternToRegExp('*(a+)+$*').test('aaaa')).toBe(false);
    expect(patternToRegExp('*(a+)+$*').test('x (a+)+$ y')).toBe(true);
  });
});
