import { describe, expect, it } from 'vitest';
import { slaChip } from './sla';

const now = Date.parse('2027-03-10T12:00:00Z');
const at = (minutes: number) => new Date(now + minutes * 60_000).toISOString();

describe('slaChip', () => {
  it('says nothing while on time', () => {
    expect(slaChip(null, now)).toBeNull();
    expect(slaChip({ kind: 'first_response', dueAt: at(30), state: 'ok' }, now)).toBeNull();
  });

  it('warns with the time left, then says how long ago it was missed', () => {
    expect(slaChip({ kind: 'first_response', dueAt: at(4), state: 'warning' }, now)).toMatchObject({
      label: '1ª resposta em 4 min',
      tone: 'warning',
    });
    expect(slaChip({ kind: 'resolution', dueAt: at(-75), state: 'breached' }, now)).toMatchObject({
      label: 'resolução: meta estourada há 1 h 15 min',
      tone: 'error',
    });
  });
});
