import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.js';

/** HSTS only when the browser reached us over TLS; over plain HTTP it would be a false promise. */
describe('security headers', () => {
  let direct: TestApp;
  let behindProxy: TestApp;

  beforeAll(async () => {
    direct = await createTestApp('sqlite');
    behindProxy = await createTestApp('sqlite', { TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await direct?.close();
    await behindProxy?.close();
  });

  const get = (ctx: TestApp, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: '/api/public/info', headers });

  it('sends no HSTS or opener policy over plain HTTP, and the CSP and nosniff still', async () => {
    const response = await get(direct);
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(response.headers['content-security-policy']).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('ignores X-Forwarded-Proto when the proxy is not trusted', async () => {
    const response = await get(direct, { 'x-forwarded-proto': 'https' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS and the opener policy when a trusted proxy says the request came over TLS', async () => {
    const response = await get(behindProxy, { 'x-forwarded-proto': 'https' });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('sends no HSTS when the trusted proxy received plain HTTP', async () => {
    for (const proto of ['http', 'https, http']) {
      const response = await get(behindProxy, { 'x-forwarded-proto': proto });
      expect(response.headers['strict-transport-security'], proto).toBeUndefined();
    }
    expect((await get(behindProxy)).headers['strict-transport-security']).toBeUndefined();
  });
});
