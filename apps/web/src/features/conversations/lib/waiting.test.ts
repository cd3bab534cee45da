import type { Conversation } from '@atende/contracts';
import { describe, expect, it } from 'vitest';
import { formatWaiting, oldestWaitingFirst, waitingSince } from './waiting';

const now = Date.parse('2026-03-02T12:00:00.000Z');
const ago = (ms: number) => new Date(now - ms).toISOString();
const MIN = 60_000;

function row(id: string, since: string, mode: Conversation['handler']['mode'] = 'waiting_human') {
  return {
    id,
    status: 'active',
    archivedAt: null,
    handler: { mode, userId: null, userName: null, since, reason: null },
  };
}

describe('formatWaiting', () => {
  it('counts minutes, then hours and minutes, then days', () => {
    expect(formatWaiting(ago(20_000), now)).toBe('aguardando há instantes');
    expect(formatWaiting(ago(12 * MIN), now)).toBe('aguardando há 12 min');
    expect(formatWaiting(ago(65 * MIN), now)).toBe('aguardando há 1 h 5 min');
    expect(formatWaiting(ago(120 * MIN), now)).toBe('aguardando há 2 h');
    expect(formatWaiting(ago(25 * 60 * MIN), now)).toBe('aguardando há 1 dia');
    expect(formatWaiting(ago(3 * 24 * 60 * MIN), now)).toBe('aguardando há 3 dias');
  });

  it('reads a clock ahead of ours as just now', () => {
    expect(formatWaiting(new Date(now + MIN).toISOString(), now)).toBe('aguardando há instantes');
  });
});

describe('waitingSince and oldestWaitingFirst', () => {
  it('is the handoff time of an open conversation waiting for a person only', () => {
    expect(waitingSince(row('a', ago(MIN)))).toBe(ago(MIN));
    expect(waitingSince(row('b', ago(MIN), 'ai'))).toBeNull();
    expect(waitingSince({ ...row('c', ago(MIN)), status: 'completed' })).toBeNull();
    expect(waitingSince({ ...row('d', ago(MIN)), archivedAt: ago(0) })).toBeNull();
  });

  it('puts whoever waited longest first, and rows not waiting last', () => {
    const rows = [row('new', ago(MIN)), row('ai', ago(90 * MIN), 'ai'), row('old', ago(30 * MIN))];
    expect(oldestWaitingFirst(rows).map((r) => r.id)).toEqual(['old', 'new', 'ai']);
  });
});
