import type { SystemCheck, SystemHealth, SystemStatus } from '@atende/contracts';

const SCORE: Record<SystemStatus, number> = { operational: 100, degraded: 50, error: 0 };

/** Rounds to one decimal place (health percentage with one decimal). */
export function oneDecimal(value: number): number {
  return Math.round(value * 10) / 10;
}

/**
 * healthPercentage: the mean of every system's score (operational 100, degraded 50, error 0),
 * one decimal. overall: healthy when every system is operational; unhealthy when a critical
 * system (the database) is in error or the percentage is below 50; degraded otherwise.
 */
export function summarize(systems: SystemCheck[], criticalNames: readonly string[] = []): SystemHealth {
  if (systems.length === 0) return { systems, overall: 'healthy', healthPercentage: 100 };
  const total = systems.reduce((sum, s) => sum + SCORE[s.status], 0);
  const healthPercentage = oneDecimal(total / systems.length);
  const criticalDown = systems.some((s) => s.status === 'error' && criticalNames.includes(s.name));
  let overall: SystemHealth['overall'] = 'degraded';
  if (systems.every((s) => s.status === 'operational')) overall = 'healthy';
  else if (criticalDown || healthPercentage < 50) overall = 'unhealthy';
  return { systems, overall, healthPercentage };
}
