import fp from 'fastify-plugin';
import type { HealthCheckResult, HealthChecks } from '../types.js';

/** Registry of named health checks that the domain and the agent contribute (channel, AI provider). */
export const healthChecksPlugin = fp(
  async (app) => {
    const checks = new Map<string, () => Promise<HealthCheckResult>>();
    const registry: HealthChecks = {
      register: (name, check) => {
        checks.set(name, check);
      },
      entries: () => [...checks.entries()],
    };
    app.decorate('healthChecks', registry);
  },
  { name: 'atende-health-checks' },
);
