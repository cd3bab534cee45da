import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAndLogin, describeEachDatabase, useTestApp } from '../../test/helpers.js';
import { AppError } from '../lib/app-error.js';
import { errorsPlugin } from './errors.js';

describeEachDatabase('error handling', (kind) => {
  const ctx = useTestApp(kind);
  let token = '';
  beforeAll(async () => {
    token = (await createAndLogin(ctx.app, 'admin')).token;
    ctx.app.log.level = 'silent';
  });

  it('malformed JSON → 400 INVALID_JSON', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.c", ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      message: 'Corpo da requisição não é um JSON válido',
      code: 'INVALID_JSON',
    });
  });

  it('prototype poisoning → 400, not stored', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/config',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '{"__proto__": {"isAdmin": true}}',
    });
    expect(response.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('body over 1 MiB → 413 PAYLOAD_TOO_LARGE', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.com', password: 'x'.repeat(1024 * 1024 + 10) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('unknown /api route → 404 JSON, for any method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await ctx.app.inject({ method, url: '/api/nao-existe/123', headers: bearer(token) });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, message: 'Rota não encontrada', code: 'NOT_FOUND' });
    }
  });

  it('unsupported content type → 415 JSON', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<email>a</email>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  });

  it('a wrong type in the body → 400 naming the field', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.com', password: 'x', remember: 'talvez' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('remember');
  });

  it('sets a strict Content-Security-Policy and nosniff', async () => {
    const response = await ctx.app.inject({ url: '/api/public/info' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("img-src 'self' data:");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('error handler', () => {
  it('hides unexpected errors behind a generic pt-BR 500 and maps AppError codes', async () => {
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    app.get('/boom', async () => {
      throw new Error('segredo interno em /etc/passwd');
    });
    app.get('/conflict', async () => {
      throw new AppError('CONFLICT', 'Já existe');
    });
    const boom = await app.inject({ url: '/boom' });
    expect(boom.statusCode).toBe(500);
    expect(boom.json()).toEqual({
      success: false,
      message: 'Erro interno do servidor',
      code: 'INTERNAL_ERROR',
    });
    expect(boom.body).not.toContain('segredo');
    const conflict = await app.inject({ url: '/conflict' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({ success: false, message: 'Já existe', code: 'CONFLICT' });
    await app.close();
  });
});
