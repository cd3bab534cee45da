import {
  accessControlResponseSchema,
  adminConfigResponseSchema,
  agentConfigResponseSchema,
  agentConfigSchema,
  securityConfigResponseSchema,
} from '@atende/contracts';
import { beforeAll, expect, it } from 'vitest';
import { bearer, createAndLogin, describeEachDatabase, useTestApp } from '../../../test/helpers.js';
import { getSettings } from './settings.service.js';

const ROUTES = ['/api/config', '/api/access-control', '/api/admin-config', '/api/security-config'];

describeEachDatabase('settings routes', (kind) => {
  const ctx = useTestApp(kind);
  let admin = '';
  let operator = '';
  beforeAll(async () => {
    admin = (await createAndLogin(ctx.app, 'admin')).token;
    operator = (await createAndLogin(ctx.app, 'operator')).token;
  });

  it('GET returns the defaults before anything is stored', async () => {
    const response = await ctx.app.inject({ url: '/api/config', headers: bearer(admin) });
    expect(response.statusCode).toBe(200);
    expect(agentConfigResponseSchema.parse(response.json()).data).toEqual(agentConfigSchema.parse({}));
    const security = await ctx.app.inject({ url: '/api/security-config', headers: bearer(admin) });
    expect(securityConfigResponseSchema.parse(security.json()).data).toMatchObject({
      sessionHours: 12,
      rememberDays: 30,
    });
  });

  it('POST merges a partial body, stores it and returns the whole view', async () => {
    const first = await ctx.app.inject({
      method: 'POST',
      url: '/api/config',
      headers: bearer(admin),
      payload: { assistantName: 'Bia', confidenceThreshold: 0.6 },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe('Configurações salvas com sucesso');
    const second = await ctx.app.inject({
      method: 'POST',
      url: '/api/config',
      headers: bearer(admin),
      payload: { aiEnabled: false },
    });
    const data = agentConfigResponseSchema.parse(second.json()).data;
    expect(data).toMatchObject({ assistantName: 'Bia', confidenceThreshold: 0.6, aiEnabled: false });
    const read = await ctx.app.inject({ url: '/api/config', headers: bearer(admin) });
    expect(read.json().data).toEqual(data);
    expect(await getSettings(ctx.app.db, 'config')).toEqual(data);
  });

  it('access-control and security-config persist', async () => {
    const access = await ctx.app.inject({
      method: 'POST',
      url: '/api/access-control',
      headers: bearer(admin),
      payload: { operatorsCanTakeover: false, allowedEmailDomains: ['loja.com.br'] },
    });
    expect(accessControlResponseSchema.parse(access.json()).data).toMatchObject({
      operatorsCanTakeover: false,
      allowedEmailDomains: ['loja.com.br'],
    });
    const security = await ctx.app.inject({
      method: 'POST',
      url: '/api/security-config',
      headers: bearer(admin),
      payload: { loginMaxAttempts: 7 },
    });
    expect(security.json().data.loginMaxAttempts).toBe(7);
    expect((await getSettings(ctx.app.db, 'security-config')).loginMaxAttempts).toBe(7);
  });

  it('secrets are write-only: stored, never returned, shown masked, cleared with null', async () => {
    const secret = 'sk-test-abcdefghijklmnop1234';
    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin-config',
      headers: bearer(admin),
      payload: { companyName: 'Loja Azul', aiApiKey: secret },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain(secret);
    const view = adminConfigResponseSchema.parse(saved.json()).data;
    expect(view.aiApiKey).toEqual({ isSet: true, masked: '••••1234' });

    const keep = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin-config',
      headers: bearer(admin),
      payload: { timezone: 'America/Recife' },
    });
    expect(keep.json().data.aiApiKey.isSet).toBe(true);
    expect((await getSettings(ctx.app.db, 'admin-config')).aiApiKey).toBe(secret);

    const read = await ctx.app.inject({ url: '/api/admin-config', headers: bearer(admin) });
    expect(read.body).not.toContain(secret);

    const cleared = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin-config',
      headers: bearer(admin),
      payload: { aiApiKey: null },
    });
    expect(cleared.json().data.aiApiKey).toEqual({ isSet: false, masked: null });
    expect((await getSettings(ctx.app.db, 'admin-config')).aiApiKey).toBeNull();
    expect(cleared.json().data.companyName).toBe('Loja Azul');
  });

  it('the retired webhookUrl/webhookSecret fields are refused, not silently kept (webhooks live on Integrações)', async () => {
    for (const payload of [{ webhookUrl: 'https://exemplo.com/hook' }, { webhookSecret: 'segredo-antigo' }]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/admin-config',
        headers: bearer(admin),
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, message: expect.stringContaining('webhook') });
    }
    const view = (await ctx.app.inject({ url: '/api/admin-config', headers: bearer(admin) })).json().data;
    expect(view).not.toHaveProperty('webhookUrl');
    expect(view).not.toHaveProperty('webhookSecret');
    expect(JSON.stringify(await getSettings(ctx.app.db, 'admin-config'))).not.toContain('webhook');
  });

  it.each(ROUTES)('%s: invalid value → 400 in pt-BR naming the field', async (url) => {
    const payload: Record<string, Record<string, unknown>> = {
      '/api/config': { confidenceThreshold: 7 },
      '/api/access-control': { operatorsCanTakeover: 'sim' },
      '/api/admin-config': { dataRetentionDays: 1 },
      '/api/security-config': { sessionHours: 'doze' },
    };
    const response = await ctx.app.inject({
      method: 'POST',
      url,
      headers: bearer(admin),
      payload: payload[url],
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(body.message).toMatch(/^Dados inválidos — /);
    expect(body.message).toContain(Object.keys(payload[url] ?? {})[0]);
  });

  it.each(ROUTES)('%s: extra fields → 400 and nothing changes (no mass assignment)', async (url) => {
    const before = await ctx.app.inject({ url, headers: bearer(admin) });
    const response = await ctx.app.inject({
      method: 'POST',
      url,
      headers: bearer(admin),
      payload: { role: 'admin', isAdmin: true },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('Campo não permitido');
    const after = await ctx.app.inject({ url, headers: bearer(admin) });
    expect(after.json()).toEqual(before.json());
  });

  it.each(ROUTES)('%s: operator → 403, no token → 401, malformed body → 400', async (url) => {
    for (const method of ['GET', 'POST'] as const) {
      const asOperator = await ctx.app.inject({ method, url, headers: bearer(operator), payload: {} });
      expect(asOperator.statusCode).toBe(403);
      expect(asOperator.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
      const anonymous = await ctx.app.inject({ method, url, payload: {} });
      expect(anonymous.statusCode).toBe(401);
    }
    const notObject = await ctx.app.inject({ method: 'POST', url, headers: bearer(admin), payload: [1, 2] });
    expect(notObject.statusCode).toBe(400);
    const malformed = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(admin), 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('INVALID_JSON');
  });
});
