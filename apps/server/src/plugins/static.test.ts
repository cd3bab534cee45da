import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.js';

describe('static web app', () => {
  let dist = '';
  let test: TestApp;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'atende-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Atende</title>');
    writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    test = await createTestApp('sqlite', { WEB_DIST: dist });
  });
  afterAll(async () => {
    await test.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html at / and for page paths, revalidated', async () => {
    for (const url of ['/', '/conversations', '/settings/security?tab=1']) {
      const response = await test.app.inject({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<title>Atende</title>');
    }
  });

  it('caches hashed assets for a year and revalidates the service worker', async () => {
    const asset = await test.app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const sw = await test.app.inject({ url: '/sw.js' });
    expect(sw.headers['cache-control']).toBe('no-cache');
  });

  it('keeps API 404s as JSON and does not serve index.html for missing files', async () => {
    const api = await test.app.inject({ url: '/api/nada', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('NOT_FOUND');
    const missing = await test.app.inject({ url: '/assets/nao-existe.js' });
    expect(missing.statusCode).toBe(404);
    const traversal = await test.app.inject({ url: '/../../etc/passwd' });
    expect(traversal.body).not.toContain('root:');
  });
});
