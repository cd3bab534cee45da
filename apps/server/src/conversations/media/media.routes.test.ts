import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, createAndLogin, describeEachDatabase, useTestApp } from '../../../test/helpers.js';
import { samples } from './test-support/media-samples.js';

describeEachDatabase('GET /api/media/:id', (kind) => {
  const dir = mkdtempSync(join(tmpdir(), 'atende-media-routes-'));
  const ctx = useTestApp(kind, { MEDIA_DIR: dir });
  let token = '';
  beforeAll(async () => {
    token = (await createAndLogin(ctx.app, 'operator')).token;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('serves an image inline with its type, nosniff and a sandbox; only to a signed-in user', async () => {
    const saved = await ctx.app.media.save({ bytes: samples.png, fileName: 'foto ção.png' });
    const anonymous = await ctx.app.inject({ method: 'GET', url: saved.url });
    expect(anonymous.statusCode).toBe(401);
    const response = await ctx.app.inject({ method: 'GET', url: saved.url, headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(response.headers['content-disposition']).toBe(
      `inline; filename="foto ??o.png"; filename*=UTF-8''foto%20%C3%A7%C3%A3o.png`,
    );
    expect(response.rawPayload).toEqual(Buffer.from(samples.png));
    const again = await ctx.app.inject({
      method: 'GET',
      url: saved.url,
      headers: { ...bearer(token), 'if-none-match': String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('a document downloads (attachment); text is served as plain text', async () => {
    const pdf = await ctx.app.media.save({ bytes: samples.pdf, fileName: 'boleto "x".pdf' });
    const response = await ctx.app.inject({ method: 'GET', url: pdf.url, headers: bearer(token) });
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="boleto x.pdf"/);
    const text = await ctx.app.media.save({
      bytes: new TextEncoder().encode('<script>alert(1)</script>'),
      declaredMimeType: 'text/plain',
    });
    const served = await ctx.app.inject({ method: 'GET', url: text.url, headers: bearer(token) });
    expect(served.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(served.headers['content-disposition']).toBe('attachment');
  });

  it('unknown or removed media is a 404 in pt-BR', async () => {
    const saved = await ctx.app.media.save({ bytes: samples.jpeg });
    await ctx.app.media.remove(saved.id);
    const response = await ctx.app.inject({ method: 'GET', url: saved.url, headers: bearer(token) });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: 'Arquivo não encontrado', code: 'NOT_FOUND' });
  });

  it('a file name cannot break out of Content-Disposition', async () => {
    const saved = await ctx.app.media.save({ bytes: samples.pdf, fileName: 'a"\r\nSet-Cookie: x=1.pdf' });
    const response = await ctx.app.inject({ method: 'GET', url: saved.url, headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['set-cookie']).toBeUndefined();
    const disposition = String(response.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename=/);
    expect(disposition).not.toMatch(/[\r\n]/);
  });
});
