import { describe, expect, it } from 'vitest';
import {
  copyMondayToWeekdays,
  nationalHolidaysListed,
  nextInterval,
  withNationalHolidays,
} from './business-hours-form';

describe('business hours form', () => {
  it("adds Brazil's national holidays once, in date order, keeping a name already given", () => {
    const mine = [
      { date: '2026-01-20', name: 'São Sebastião (Rio)' },
      { date: '2026-12-25', name: 'Natal da loja' },
    ];
    const merged = withNationalHolidays(mine, 2026);
    expect(merged[0]).toEqual({ date: '2026-01-01', name: 'Confraternização Universal' });
    expect(merged.filter((h) => h.date === '2026-12-25')).toEqual([
      { date: '2026-12-25', name: 'Natal da loja' },
    ]);
    expect(merged.find((h) => h.name === 'Sexta-feira Santa')?.date).toBe('2026-04-03');
    expect(merged.map((h) => h.date)).toEqual([...merged.map((h) => h.date)].sort());
    expect(withNationalHolidays(merged, 2026)).toEqual(merged);
    expect(nationalHolidaysListed(merged, 2026)).toBe(10);
    expect(nationalHolidaysListed(mine, 2026)).toBe(1);
  });

  it('offers the next interval after the last one, and 08:00–18:00 on an empty day', () => {
    expect(nextInterval([])).toEqual({ from: '08:00', to: '18:00' });
    expect(nextInterval([{ from: '08:00', to: '12:00' }])).toEqual({ from: '13:00', to: '17:00' });
    expect(nextInterval([{ from: '08:00', to: '22:30' }])).toEqual({ from: '22:30', to: '23:59' });
  });

  it('copies Monday to the other weekdays and leaves the weekend alone', () => {
    const monday = [
      { from: '09:00', to: '12:00' },
      { from: '13:00', to: '18:00' },
    ];
    const week = [[], monday, [], [{ from: '10:00', to: '11:00' }], [], [], [{ from: '09:00', to: '13:00' }]];
    const copied = copyMondayToWeekdays(week);
    expect(copied.slice(1, 6)).toEqual([monday, monday, monday, monday, monday]);
    expect(copied[0]).toEqual([]);
    expect(copied[6]).toEqual([{ from: '09:00', to: '13:00' }]);
  });
});
