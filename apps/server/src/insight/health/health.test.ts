import { systemHealthResponseSchema } from '@atende/contracts';
import { beforeAll, expect, it } from 'vitest';
import { bearer, createAndLogin, describeEachDatabase, useTestApp } from '../../../test/helpers.js';

describeEachDatabase('GET /api/dashboard/health', (kind) => {
  const ctx = useTestApp(kind);
  let token = '';
  beforeAll(async () => {
    token = (await createAndLogin(ctx.app, 'operator')).token;
  });

  it('runs real checks and reports a one-decimal percentage', async () => {
    ctx.app.healthChecks.register('Teste degradado', async () => ({
      status: 'degraded',
      responseTime: 12,
      detail: 'simulado',
    }));
    const response = await ctx.app.inject({ url: '/api/dashboard/health', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    const health = systemHealthResponseSchema.parse(response.json()).data;
    const names = health.systems.map((s) => s.name);
    expect(names).toEqual(
      expect.arrayContaining(['Banco de dados', 'Tempo real (Socket.IO)', 'Agilidade do servidor']),
    );
    const database = health.systems.find((s) => s.name === 'Banco de dados');
    expect(database).toMatchObject({
      status: 'operational',
      detail: kind === 'postgres' ? 'PostgreSQL' : 'SQLite',
    });
    expect(database?.responseTime).toBeGreaterThanOrEqual(0);
    expect(health.systems.find((s) => s.name === 'Teste degradado')?.status).toBe('degraded');
    expect(health.overall).not.toBe('healthy');
    expect(Math.round(health.healthPercentage * 10) / 10).toBe(health.healthPercentage);
    const scores = { operational: 100, degraded: 50, error: 0 } as const;
    const expected = health.systems.reduce((sum, s) => sum + scores[s.status], 0) / health.systems.length;
    expect(health.healthPercentage).toBe(Math.round(expected * 10) / 10);
  });

  it('turns a failing or hanging registered check into an error, not a 500', async () => {
    ctx.app.healthChecks.register('Teste com falha', async () => {
      throw new Error('sem conexão');
    });
    const response = await ctx.app.inject({ url: '/api/dashboard/health', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    const failing = response.json().data.systems.find((s: { name: string }) => s.name === 'Teste com falha');
    expect(failing).toMatchObject({ status: 'error', responseTime: null, detail: 'sem conexão' });
  });

  it('shows a held-up event loop on its line, in milliseconds, no longer operational', async () => {
    // Eight holds of 150 ms: well over 1% of the window's 20 ms samples, so they reach the p99.
    for (let i = 0; i < 8; i++) {
      const until = performance.now() + 150;
      while (performance.now() < until) {
        // Holding the loop, as a long synchronous task would.
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    const response = await ctx.app.inject({ url: '/api/dashboard/health', headers: bearer(token) });
    const loop = systemHealthResponseSchema
      .parse(response.json())
      .data.systems.find((s) => s.name === 'Agilidade do servidor');
    expect(loop?.responseTime).toBeGreaterThanOrEqual(100);
    expect(loop?.status).not.toBe('operational');
  });

  it('requires a token', async () => {
    const response = await ctx.app.inject({ url: '/api/dashboard/health' });
    expect(response.statusCode).toBe(401);
  });
});

describeEachDatabase('GET /api/health', (kind) => {
  const ctx = useTestApp(kind);

  it('answers without a token, and says nothing about the system', async () => {
    const response = await ctx.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
  });
});
