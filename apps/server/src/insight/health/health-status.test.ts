import type { SystemCheck, SystemStatus } from '@atende/contracts';
import { describe, expect, it } from 'vitest';
import { oneDecimal, summarize } from './health-status.js';

const check = (name: string, status: SystemStatus): SystemCheck => ({
  name,
  status,
  responseTime: 1,
  lastCheck: new Date(0).toISOString(),
});

describe('health summary', () => {
  it('averages operational=100, degraded=50, error=0 with one decimal', () => {
    const health = summarize([
      check('a', 'operational'),
      check('b', 'operational'),
      check('c', 'degraded'),
      check('d', 'operational'),
      check('e', 'operational'),
      check('f', 'error'),
    ]);
    expect(health.healthPercentage).toBe(75);
    const thirds = summarize([check('a', 'operational'), check('b', 'degraded'), check('c', 'degraded')]);
    expect(thirds.healthPercentage).toBe(66.7);
    expect(thirds.overall).toBe('degraded');
  });

  it('is healthy only when everything is operational', () => {
    expect(summarize([check('a', 'operational')]).overall).toBe('healthy');
    expect(summarize([check('a', 'operational'), check('b', 'degraded')]).overall).toBe('degraded');
  });

  it('is unhealthy when a critical system is down or below 50%', () => {
    const dbDown = summarize(
      [check('db', 'error'), check('b', 'operational'), check('c', 'operational')],
      ['db'],
    );
    expect(dbDown.overall).toBe('unhealthy');
    expect(summarize([check('a', 'error'), check('b', 'degraded')]).overall).toBe('unhealthy');
  });

  it('rounds to one decimal', () => {
    expect(oneDecimal(83.333)).toBe(83.3);
    expect(oneDecimal(99.95)).toBe(100);
  });
});
