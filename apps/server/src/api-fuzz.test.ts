import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAndLogin, useTestApp } from '../test/helpers.js';
import { listRoutes } from '../test/route-list.js';
import { api, pairSimulator } from '../test/simulator-kit.js';

/**
 * Property-based input fuzzing over every /api route: random
 * bodies, queries and path parameters never produce a 5xx, always answer with the error envelope in
 * pt-BR when refused, never pollute Object.prototype, and a refused request writes nothing.
 * FUZZ_RUNS raises the number of cases per route (CI default keeps the suite fast).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);

/** Routes that end the session or the test's own setup: fuzzed elsewhere with dedicated tests. */
const SKIPPED = new Set(['POST /api/auth/logout']);

const fieldNames = [
  'email',
  'password',
  'message',
  'type',
  'replyTo',
  'emoji',
  'content',
  'code',
  'phone',
  'text',
];
const hostileValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant('<script>alert(1)</script>'),
  fc.constant('a'.repeat(5000)),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }), { maxKeys: 3 }),
);
const body = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(fc.constantFrom(...fieldNames), hostileValue, { maxKeys: 5 }),
  fc.constant({ __proto__: { polluted: true } }),
  fc.constant({ constructor: { prototype: { polluted: true } } }),
);
const query = fc.dictionary(
  fc.constantFrom('status', 'search', 'limit', 'cursor', 'tags', 'period', 'before', 'messagesLimit', 'x'),
  fc.oneof(fc.string({ maxLength: 30 }), fc.integer().map(String)),
  { maxKeys: 4 },
);

describe('every /api route under fuzzed input', () => {
  const ctx = useTestApp('sqlite');
  let token = '';
  let ids: Record<string, string> = {};

  beforeAll(async () => {
    ctx.app.log.level = 'silent';
    token = (await createAndLogin(ctx.app, 'admin')).token;
    const client = api(ctx.app, token);
    // The agent writes in the background; off, so row counts change only through the request under test.
    await client.post('/api/config', { aiEnabled: false });
    await pairSimulator(ctx.app, token);
    const inbound = (
      await client.post('/api/simulator/inbound', { phone: '5511900001111', text: 'Olá, tudo bem?' })
    ).body.data as { conversationId: string; messageId: string };
    ids = {
      id: inbound.conversationId,
      conversationId: inbound.conversationId,
      messageId: inbound.messageId,
    };
  });

  const counts = async () => {
    const db = ctx.app.db;
    const tables = ['messages', 'conversations', 'clients', 'reactions', 'users'] as const;
    return Promise.all(
      tables.map(async (table) =>
        Number(
          (
            await db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ),
    );
  };

  it('knows the routes it fuzzes', () => {
    const routes = listRoutes(ctx.app);
    expect(routes.length).toBeGreaterThan(30);
    expect(routes).toContainEqual({ method: 'POST', path: '/api/conversations/:id/messages' });
  });

  it('answers every generated request with < 500, the error envelope, and no partial write', async () => {
    const routes = listRoutes(ctx.app).filter((r) => !SKIPPED.has(`${r.method} ${r.path}`));
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(
          body,
          query,
          fc.boolean(),
          fc.string({ maxLength: 20 }),
          async (b, q, realIds, junk) => {
            const url = route.path.replace(/:(\w+)/g, (_, name: string) =>
              encodeURIComponent(realIds ? (ids[name] ?? junk) : junk),
            );
            const before = await counts();
            const request: InjectOptions = {
              method: route.method as InjectOptions['method'],
              url,
              query: q,
              headers: bearer(token),
            };
            if (route.method !== 'GET') request.payload = b as InjectOptions['payload'];
            const response = await ctx.app.inject(request);
            const where = `${route.method} ${url}`;
            expect(response.statusCode, where).toBeLessThan(500);
            expect(({} as Record<string, unknown>).polluted, where).toBeUndefined();
            if (response.statusCode >= 400) {
              const json = response.json() as { success: boolean; message: string };
              expect(json.success, where).toBe(false);
              expect(json.message, where).toMatch(/\S/);
              expect(await counts(), `${where} escreveu ao recusar`).toEqual(before);
            }
          },
        ),
        { numRuns: RUNS },
      );
    }
  }, 240_000);
});
