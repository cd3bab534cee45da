import { DOMAIN_EVENT_TYPES } from '@atende/contracts';
import { expect, it } from 'vitest';
import { describeEachDatabase, useTestApp } from '../../../test/helpers.js';
import { PUBLIC_ROUTES } from '../api-tokens/public-routes.js';

describeEachDatabase('public API documentation', (kind) => {
  const ctx = useTestApp(kind);

  it('is an OpenAPI 3.1 document of exactly the public routes, each with its scope, and the webhook events', async () => {
    const response = await ctx.app.inject({ url: '/api/docs/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(document.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    const operations = Object.entries(
      document.paths as Record<string, Record<string, { description: string }>>,
    ).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        key: `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
        operation,
      })),
    );
    expect(operations.map((o) => o.key).sort()).toEqual([...PUBLIC_ROUTES.keys()].sort());
    for (const { key, operation } of operations) {
      expect(operation.description).toContain(PUBLIC_ROUTES.get(key));
    }
    // Generated from the zod contracts: the send body's limit is the schema's.
    const send = document.paths['/api/conversations/{id}/messages'].post;
    expect(send.requestBody.content['application/json'].schema.properties.message).toMatchObject({
      type: 'string',
      maxLength: 4096,
    });
    expect(Object.keys(document.webhooks).sort()).toEqual(Object.keys(DOMAIN_EVENT_TYPES).sort());
    const received =
      document.webhooks['message.received'].post.requestBody.content['application/json'].schema;
    expect(received.properties.data.properties.message.required).toContain('content');
  });

  it('serves the reference at /api/docs with no inline script (the CSP allows none)', async () => {
    const page = await ctx.app.inject({ url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBe(2);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/src="\/api\/docs\//);
      expect(body?.trim()).toBe('');
    }
    const bundle = await ctx.app.inject({ url: '/api/docs/scalar/js/scalar.js' });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-type']).toContain('javascript');
    const init = await ctx.app.inject({ url: '/api/docs/init.js' });
    expect(init.body).toContain("url: '/api/docs/openapi.json'");
    const scalarPage = await ctx.app.inject({ url: '/api/docs/scalar/' });
    expect(scalarPage.statusCode).toBe(302);
    expect(scalarPage.headers.location).toBe('/api/docs');
  });
});
