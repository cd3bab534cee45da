import { describe, expect, it } from 'vitest';
import { apiPaths, apiRoutes } from './api-paths.js';

describe('apiPaths', () => {
  it('fills each parameter in order, URL-encoded', () => {
    expect(apiPaths.conversation('a/b c')).toBe('/api/conversations/a%2Fb%20c');
    expect(apiPaths.messageReaction('c1', 'm1')).toBe('/api/conversations/c1/messages/m1/react');
    expect(apiPaths.webhookDeliveryResend('w1', 'd1')).toBe(
      '/api/integrations/webhooks/w1/deliveries/d1/resend',
    );
    expect(apiPaths.login()).toBe('/api/auth/login');
  });

  it('declares every route once, under /api', () => {
    const patterns = Object.values(apiRoutes);
    expect(patterns.every((pattern) => pattern.startsWith('/api/'))).toBe(true);
    expect(new Set(patterns).size).toBe(patterns.length);
  });
});
