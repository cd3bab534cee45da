import { describe, expect, it } from 'vitest';
import { definitionFromParams, paramsOf, queryOf, sameDefinition } from './report-definition';

describe('report definitions in the URL', () => {
  it('reads what it knows and falls back on the rest', () => {
    expect(
      definitionFromParams(new URLSearchParams('metrica=automationRate&agrupar=inbox&periodo=7d&caixa=i1')),
    ).toEqual({
      metric: 'automationRate',
      groupBy: 'inbox',
      period: '7d',
      inboxId: 'i1',
    });
    expect(definitionFromParams(new URLSearchParams('metrica=nada&agrupar=constructor'))).toEqual({
      metric: 'csatAverage',
      groupBy: 'day',
      period: '30d',
    });
    // Custom without valid dates is the last 30 days.
    expect(definitionFromParams(new URLSearchParams('periodo=custom&de=2026-05-10')).period).toBe('30d');
  });

  it('round-trips, and runs relative periods up to today', () => {
    const definition = {
      metric: 'firstResponse',
      groupBy: 'operator',
      period: 'custom',
      from: '2026-05-01',
      to: '2026-05-31',
      labelId: 'l1',
    } as const;
    expect(definitionFromParams(paramsOf(definition))).toEqual(definition);
    expect(sameDefinition(definition, { ...definition })).toBe(true);
    const now = new Date('2026-06-10T15:00:00Z');
    expect(queryOf({ metric: 'resolved', groupBy: 'week', period: '7d' }, now)).toEqual({
      metric: 'resolved',
      groupBy: 'week',
      from: '2026-06-04',
      to: '2026-06-10',
    });
    expect(queryOf(definition, now)).toMatchObject({ from: '2026-05-01', to: '2026-05-31', labelId: 'l1' });
  });
});
