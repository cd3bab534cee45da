import type { WhatsappStatus } from '@atende/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAndLogin, useTestApp } from '../test/helpers.js';
import { listRoutes } from '../test/route-list.js';

/**
 * Unlinking the WhatsApp number (the simulator's unpair, a linked device's logout) ends the channel for
 * everyone: admins only. Reconnecting only restores what is linked: any signed-in user.
 */
describe('device actions by role', () => {
  const ctx = useTestApp('sqlite');
  let admin = '';
  let operator = '';

  const call = async (token: string, method: 'GET' | 'POST', url: string, payload?: object) => {
    const response = await ctx.app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload ? { payload } : {}),
    });
    return {
      status: response.statusCode,
      body: response.json() as { success: boolean; message?: string; data?: WhatsappStatus },
    };
  };
  const status = async () => (await call(admin, 'GET', '/api/whatsapp/status')).body.data as WhatsappStatus;

  beforeAll(async () => {
    ctx.app.log.level = 'silent';
    admin = (await createAndLogin(ctx.app, 'admin')).token;
    operator = (await createAndLogin(ctx.app, 'operator')).token;
    const paired = await call(admin, 'POST', '/api/simulator/pair', {
      code: (await status()).pairingCode ?? '',
    });
    expect(paired.status).toBe(200);
  });

  it('refuses unpair to an operator with a 403 in pt-BR, and the number stays linked', async () => {
    const response = await call(operator, 'POST', '/api/simulator/unpair');
    expect(response.status).toBe(403);
    expect(response.body).toEqual({
      success: false,
      code: 'FORBIDDEN',
      message: 'Acesso restrito a administradores',
    });
    expect((await status()).connected).toBe(true);
  });

  it('lets an operator reconnect', async () => {
    const response = await call(operator, 'POST', '/api/reconnect-whatsapp');
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
  });

  it('keeps every route that unlinks or logs out the device admin-only (future channels too)', async () => {
    const unlinking = listRoutes(ctx.app).filter(
      (route) => /unpair|unlink|logout|log-out/.test(route.path) && !route.path.startsWith('/api/auth/'),
    );
    expect(unlinking).toContainEqual({ method: 'POST', path: '/api/simulator/unpair' });
    for (const route of unlinking) {
      const response = await ctx.app.inject({
        method: route.method as 'POST',
        url: route.path.replace(/:\w+/g, 'x'),
        headers: bearer(operator),
      });
      expect(response.statusCode, `${route.method} ${route.path}`).toBe(403);
    }
    expect((await status()).connected).toBe(true);
  });

  it('lets an admin unpair', async () => {
    const response = await call(admin, 'POST', '/api/simulator/unpair');
    expect(response.status).toBe(200);
    expect((await status()).connected).toBe(false);
  });
});
