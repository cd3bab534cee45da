import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAndLogin, useTestApp } from '../../../test/helpers.js';
import { listRoutes } from '../../../test/route-list.js';
import { sampleOf } from '../../../test/schema-sample.js';
import { api, pairSimulator } from '../../../test/simulator-kit.js';
import { samples } from '../media/test-support/media-samples.js';
import type { DeclaredRoute, RouteAccess } from './route-access.js';

/**
 * Every route that takes a conversation, a message, a media file or a client declares the one
 * visibility guard for it (`config.access`), and every read model that quotes conversations declares
 * its scope: a route registered without it fails here, whoever wrote it.
 */

/**
 * Routes for administrators only, who see every conversation: no visibility to declare. Each is
 * checked below to refuse an operator.
 */
const ADMINS_ONLY: Record<string, string> = {
  'POST /api/simulator/reaction': 'the simulator plays the customers (reacting as any of them)',
};

/** Read models that show many conversations' words or customers: they must take the viewer's scope. */
const READ_MODELS = [
  'GET /api/conversations',
  'GET /api/clients',
  'GET /api/clients/page',
  'GET /api/dashboard/activity',
  'GET /api/knowledge-gaps',
  'GET /api/analytics/report',
  'GET /api/analytics/export/:table',
  // Figures: an operator kept out of an inbox counts only the inboxes open to them.
  'GET /api/dashboard/stats',
  'GET /api/analytics',
  'GET /api/analytics/conversations',
  'GET /api/analytics/conversions',
  'GET /api/analytics/service',
  'GET /api/analytics/custom',
  'GET /api/analytics/custom/export',
  'GET /api/notifications',
  'POST /api/notifications/read',
];

const OBJECT_FIELDS = ['conversationId', 'messageId', 'clientId', 'mediaId'];

/** The guard a route must declare, from its path and body, or null when it takes none of those ids. */
export function requiredAccess(route: Pick<DeclaredRoute, 'url' | 'bodyFields'>): RouteAccess | null {
  const param = (collection: string) => new RegExp(`/${collection}/:(\\w+)`).exec(route.url)?.[1];
  const conversation = param('conversations');
  if (conversation) return { conversation: `params.${conversation}` };
  const client = param('clients');
  if (client) return { client: `params.${client}` };
  const media = param('media');
  if (media) return { media: `params.${media}` };
  if (/:(conversationId|messageId|clientId|mediaId)\b|\/messages\/:/.test(route.url)) {
    return { conversation: 'params.conversationId' };
  }
  if (route.bodyFields.includes('conversationId')) return { conversation: 'body.conversationId' };
  if (route.bodyFields.includes('clientId')) return { client: 'body.clientId' };
  if (route.bodyFields.some((field) => OBJECT_FIELDS.includes(field))) return { conversation: 'body.?' };
  return null;
}

const key = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

describe('the visibility guard on every route', () => {
  const ctx = useTestApp('sqlite');
  let declared: ReadonlyArray<DeclaredRoute> = [];

  beforeAll(() => {
    declared = ctx.app.routeAccess().filter((route) => route.method !== 'HEAD');
  });

  it('sees every /api route Fastify serves', () => {
    // Fastify's tree names a shared parameter once (`:id|:conversationId`): compare without names.
    const unnamed = (path: string) => path.replace(/:\w+/g, ':');
    const served = listRoutes(ctx.app).map((route) => `${route.method} ${unnamed(route.path)}`);
    const seen = declared.map((route) => `${route.method} ${unnamed(route.url)}`);
    expect([...new Set(seen)].sort()).toEqual([...new Set(served)].sort());
  });

  it('knows the ids a route acts on, from its path and body', () => {
    const body = (...bodyFields: string[]) => ({ url: '/api/analytics/conversions', bodyFields });
    expect(requiredAccess({ url: '/api/conversations/:id/window', bodyFields: [] })).toEqual({
      conversation: 'params.id',
    });
    expect(requiredAccess({ url: '/api/clients/:id/export', bodyFields: [] })).toEqual({
      client: 'params.id',
    });
    expect(requiredAccess({ url: '/api/media/:id', bodyFields: [] })).toEqual({ media: 'params.id' });
    expect(requiredAccess(body('conversationId'))).toEqual({ conversation: 'body.conversationId' });
    expect(requiredAccess(body('messageId', 'emoji'))).toEqual({ conversation: 'body.?' });
    expect(requiredAccess({ url: '/api/labels/:id', bodyFields: ['name'] })).toBeNull();
  });

  it('every route with a conversation, message, media or client id declares the guard for it', () => {
    const missing: string[] = [];
    for (const route of declared) {
      const required = requiredAccess(route);
      if (!required || ADMINS_ONLY[key(route)]) continue;
      if (JSON.stringify(route.access) !== JSON.stringify(required)) {
        missing.push(
          `${key(route)}: declares ${JSON.stringify(route.access)}, needs ${JSON.stringify(required)}`,
        );
      }
    }
    expect(missing).toEqual([]);
    expect(declared.filter((route) => requiredAccess(route)).length).toBeGreaterThan(15);
  });

  it('every read model quoting conversations takes the viewer scope', () => {
    for (const route of READ_MODELS) {
      expect(declared.find((r) => key(r) === route)?.access, route).toBe('scoped');
    }
  });

  it('the routes exempted as admins-only refuse an operator', async () => {
    const operatorToken = (await createAndLogin(ctx.app, 'operator')).token;
    for (const route of Object.keys(ADMINS_ONLY)) {
      const [method, url] = route.split(' ') as ['POST', string];
      const answer = await ctx.app.inject({ method, url, headers: bearer(operatorToken), payload: {} });
      expect(answer.statusCode, route).toBe(403);
    }
  });
});

/**
 * The declarations do what they say: a restricted operator calling each guarded route with another
 * operator's conversation, its message, its file or its customer gets 404 (403 where the route is
 * for admins), and nothing about them, whatever body is sent.
 */
describe('every guarded route refuses what the viewer may not see', () => {
  const ctx = useTestApp('sqlite');
  let ana = '';
  let admin = '';
  const hidden = { conversation: '', message: '', client: '', media: '' };

  beforeAll(async () => {
    admin = (await createAndLogin(ctx.app, 'admin')).token;
    ana = (await createAndLogin(ctx.app, 'operator')).token;
    const bruno = (await createAndLogin(ctx.app, 'operator')).token;
    await pairSimulator(ctx.app, admin);
    await ctx.app.domain.jobs.stop();
    const inbound = await api(ctx.app, admin).post('/api/simulator/inbound', {
      phone: '5531922223333',
      name: 'Berenice Escondida',
      text: 'Meu pedido atrasou',
    });
    hidden.conversation = inbound.body.data.conversationId;
    expect(
      (await api(ctx.app, bruno).post(`/api/conversations/${hidden.conversation}/takeover`)).status,
    ).toBe(200);
    const row = await ctx.app.db
      .selectFrom('messages as m')
      .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
      .select(['m.id', 'c.client_id'])
      .where('m.conversation_id', '=', hidden.conversation)
      .executeTakeFirstOrThrow();
    hidden.message = row.id;
    hidden.client = row.client_id;
    const saved = await ctx.app.media.save({ bytes: samples.png, fileName: 'comprovante.png' });
    await ctx.app.db.updateTable('messages').set({ media_url: saved.url }).where('id', '=', row.id).execute();
    hidden.media = saved.url.split('/').at(-1) ?? '';
    await api(ctx.app, admin).post('/api/access-control', { operatorsSeeAllConversations: false });
  });
  afterAll(async () => {
    await api(ctx.app, admin).post('/api/access-control', { operatorsSeeAllConversations: true });
  });

  it('answers 404 (or 403 for admins-only routes) on each one, before validating the body', async () => {
    const guarded = ctx.app
      .routeAccess()
      .filter((route) => route.method !== 'HEAD' && route.access !== null && route.access !== 'scoped');
    expect(guarded.length).toBeGreaterThan(10);
    const idFor = (name: string, access: RouteAccess) => {
      if (name === 'messageId') return hidden.message;
      if (typeof access === 'object' && 'client' in access) return hidden.client;
      if (typeof access === 'object' && 'media' in access) return hidden.media;
      return hidden.conversation;
    };
    for (const route of guarded) {
      const url = route.url.replace(/:(\w+)/g, (_, name: string) => idFor(name, route.access as RouteAccess));
      // A body the route accepts, naming the hidden conversation: the guard, not validation, answers.
      const bodySchema = route.schema?.body as Parameters<typeof sampleOf>[0] | undefined;
      const body = bodySchema
        ? (sampleOf(bodySchema, () => ['Olá', hidden.conversation]).base as object)
        : null;
      const payload = body && {
        ...body,
        ...('conversationId' in body ? { conversationId: hidden.conversation } : {}),
      };
      const response = await ctx.app.inject({
        method: route.method as 'GET',
        url,
        headers: bearer(ana),
        ...(payload ? { payload } : {}),
      });
      expect([403, 404], `${key(route)} → ${response.statusCode} ${response.body}`).toContain(
        response.statusCode,
      );
      expect(response.body).not.toContain('Berenice');
    }
  });
});
