import type { SecurityConfig } from '@atende/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';

/** Failed sign-ins allowed per IP address, as a multiple of the per-account limit. */
const IP_FACTOR = 4;
const IP_MINIMUM = 20;

/**
 * Login throttling per IP and per account: only failures
 * count; once either counter reaches its limit within the window, attempts get 429 without
 * checking the password. `request.ip` honours X-Forwarded-For only when TRUST_PROXY is set.
 */
export function createLoginLimiter(app: FastifyInstance) {
  const policies = new WeakMap<FastifyRequest, SecurityConfig>();
  const policyOf = (request: FastifyRequest) => {
    const policy = policies.get(request);
    if (!policy) throw new Error('login policy not set for this request');
    return policy;
  };
  const windowMs = (request: FastifyRequest) => policyOf(request).loginWindowMinutes * 60_000;
  const byIp = app.createRateLimit({
    keyGenerator: (request) => `login-ip:${request.ip}`,
    max: (request) => Math.max(policyOf(request).loginMaxAttempts * IP_FACTOR, IP_MINIMUM),
    timeWindow: windowMs,
  });
  const byAccount = app.createRateLimit({
    keyGenerator: (request) => `login-account:${(request.body as { email: string }).email}`,
    max: (request) => policyOf(request).loginMaxAttempts,
    timeWindow: windowMs,
  });

  return {
    /** Throws 429 when the IP or the account has no attempts left. */
    async assertAllowed(request: FastifyRequest, policy: SecurityConfig): Promise<void> {
      policies.set(request, policy);
      for (const limiter of [byIp, byAccount]) {
        const state = await limiter(request, { increment: false });
        if (!state.isAllowed && state.remaining <= 0) {
          throw Object.assign(new AppError('RATE_LIMITED'), { retryAfterSeconds: state.ttlInSeconds });
        }
      }
    },
    /** Counts one failed attempt against the IP and the account. */
    async recordFailure(request: FastifyRequest): Promise<void> {
      await byIp(request);
      await byAccount(request);
    },
  };
}
