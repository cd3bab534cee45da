import { describe, expect, it } from 'vitest';
import { formatResponseTime, toSystemStatus } from './system-health';

describe('system health helpers', () => {
  it('shows response time in ms or N/A', () => {
    expect(formatResponseTime(12.6)).toBe('13 ms');
    expect(formatResponseTime(0)).toBe('0 ms');
    expect(formatResponseTime(null)).toBe('N/A');
  });

  it('treats any unknown status as an error', () => {
    expect(toSystemStatus('operational')).toBe('operational');
    expect(toSystemStatus('degraded')).toBe('degraded');
    expect(toSystemStatus('down')).toBe('error');
  });
});
