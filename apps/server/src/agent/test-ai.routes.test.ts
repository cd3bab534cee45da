import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, createAndLogin, describeEachDatabase, useTestApp } from '../../test/helpers.js';

describeEachDatabase('AI connection test', (kind) => {
  const ctx = useTestApp(kind, { AI_ALLOW_PRIVATE: 'true' });
  let server: Server;
  let baseUrl = '';
  const seenKeys: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      seenKeys.push(String(req.headers.authorization ?? ''));
      if (req.headers.authorization !== 'Bearer chave-certa-123456') {
        res.writeHead(401).end('{}');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ choices: [{ message: { content: '{"resposta":"ok","confianca":1}' } }] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('tries the typed values, falls back to the stored key, reports failures without a 5xx', async () => {
    const admin = (await createAndLogin(ctx.app, 'admin')).token;
    const operator = (await createAndLogin(ctx.app, 'operator')).token;
    const post = (token: string, payload: object) =>
      ctx.app.inject({ method: 'POST', url: '/api/admin-config/test-ai', headers: bearer(token), payload });

    expect((await post(operator, {})).statusCode).toBe(403);
    const local = await post(admin, {});
    expect(local.json().data).toMatchObject({ ok: true, provider: 'retrieval' });

    const good = await post(admin, { aiBaseUrl: baseUrl, aiModel: 'm', aiApiKey: 'chave-certa-123456' });
    expect(good.json().data).toMatchObject({ ok: true, provider: 'openai-compatible' });
    const bad = await post(admin, { aiBaseUrl: baseUrl, aiModel: 'm', aiApiKey: 'chave-errada-000000' });
    expect(bad.statusCode).toBe(200);
    expect(bad.json().data).toMatchObject({ ok: false });
    expect(bad.json().data.message).toContain('401');

    await ctx.app.inject({
      method: 'POST',
      url: '/api/admin-config',
      headers: bearer(admin),
      payload: { aiApiKey: 'chave-certa-123456' },
    });
    const masked = await post(admin, {
      aiBaseUrl: baseUrl,
      aiModel: 'm',
      aiApiKey: { isSet: true, masked: '••••3456' },
    });
    expect(masked.json().data.ok).toBe(true);
    expect(seenKeys.at(-1)).toBe('Bearer chave-certa-123456');
  });
});
