import { describe, expect, it } from 'vitest';
import { slaOf } from './sla.js';

const MIN = 60_000;
const targets = { firstResponseMinutes: 10, resolutionMinutes: 240 };
const at = 1_000_000_000_000;

describe('response-time targets', () => {
  it('counts the first answer from the start, a later wait from the customer’s message', () => {
    const start = {
      status: 'active',
      started_at: at - 5 * MIN,
      awaiting_since: at - 5 * MIN,
      first_response_ms: null,
    };
    expect(slaOf(start, targets, at)).toEqual({
      kind: 'first_response',
      dueAt: new Date(at + 5 * MIN).toISOString(),
      state: 'ok',
    });
    expect(slaOf({ ...start, awaiting_since: at - 9 * MIN }, targets, at)?.state).toBe('warning');
    expect(slaOf({ ...start, awaiting_since: at - 11 * MIN }, targets, at)?.state).toBe('breached');
  });

  it('once answered, the resolution target; none for a conversation that is not open', () => {
    const answered = {
      status: 'active',
      started_at: at - 60 * MIN,
      awaiting_since: null,
      first_response_ms: 30_000,
    };
    expect(slaOf(answered, targets, at)).toEqual({
      kind: 'resolution',
      dueAt: new Date(at + 180 * MIN).toISOString(),
      state: 'ok',
    });
    expect(slaOf({ ...answered, status: 'completed' }, targets, at)).toBeNull();
    expect(slaOf(answered, { firstResponseMinutes: 10, resolutionMinutes: null }, at)).toBeNull();
  });
});
