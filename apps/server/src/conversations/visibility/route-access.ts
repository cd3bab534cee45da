import type { FastifyRequest, FastifySchema, preHandlerHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Action } from '../../kernel/permissions/actions.js';
import { AppError } from '../../lib/app-error.js';
import { mediaUrl } from '../media/media-store.js';
import { type ConversationScope, createVisibility, type Visibility } from './visibility.service.js';

/** Where in a request the id a route acts on is: `params.id`, `body.conversationId`, … */
export type RequestField = `${'params' | 'body' | 'query'}.${string}`;

/**
 * How a route reaches conversations, declared in its options as `config.access` (the listable rule):
 * - `{ conversation: field }`, `{ client: field }`, `{ media: field }`: the route acts on the one named
 *   by that field; the guard answers 404 before the handler when the viewer may not see it;
 * - `'scoped'`: a read model over many conversations; the handler gets the viewer's scope from
 *   `scopeOf(request)` and filters what shows a conversation's words or customer by it.
 */
export type RouteAccess =
  | { conversation: RequestField }
  | { client: RequestField }
  | { media: RequestField }
  | 'scoped';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyInstance {
    /** Operators' visibility (conversations/visibility): routes declare it, sockets and read models call it. */
    visibility: Visibility;
    /** Every `/api` route and how it declared its access (null: it did not), in registration order. */
    routeAccess(): ReadonlyArray<DeclaredRoute>;
  }
  interface FastifyRequest {
    conversationScope: ConversationScope | null;
  }
}

export interface DeclaredRoute {
  method: string;
  url: string;
  access: RouteAccess | null;
  /** The top-level fields of its body schema, when it has one. */
  bodyFields: string[];
  schema: FastifySchema | undefined;
}

/**
 * Route options for a route acting on one conversation, client or media file, or reading many. A
 * conversation route whose handler also checks an action on it (`assertCan`) names it here.
 */
export const guardConversation = (field: RequestField = 'params.id', action?: Action) => ({
  config: { access: { conversation: field } satisfies RouteAccess, ...(action ? { action } : {}) },
});
export const guardClient = (field: RequestField = 'params.id') => ({
  config: { access: { client: field } satisfies RouteAccess },
});
export const guardMedia = (field: RequestField = 'params.id') => ({
  config: { access: { media: field } satisfies RouteAccess },
});
export const scopedReadModel = { config: { access: 'scoped' as RouteAccess } };

/** The viewer's scope on a route that declared its access (fails loudly on one that did not). */
export function scopeOf(request: FastifyRequest): ConversationScope {
  if (!request.conversationScope) {
    throw new Error(`${request.method} ${request.routeOptions.url}: declare config.access`);
  }
  return request.conversationScope;
}

function fieldOf(request: FastifyRequest, field: RequestField): string {
  const [part, key] = field.split('.') as ['params' | 'body' | 'query', string];
  const value = (request[part] as Record<string, unknown> | undefined)?.[key];
  return typeof value === 'string' ? value : '';
}

function bodyFieldsOf(route: RouteOptions): string[] {
  const body = (route.schema as { body?: { shape?: Record<string, unknown> } } | undefined)?.body;
  return body?.shape ? Object.keys(body.shape) : [];
}

const asArray = <T>(hooks: T | T[] | undefined): T[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

/**
 * Decorates `app.visibility` and enforces each route's `config.access` with a preHandler that runs
 * after authentication and validation, before the handler. Registered before any route.
 */
export const visibilityPlugin = fp(
  async (app) => {
    const visibility = createVisibility(app.db);
    app.decorate('visibility', visibility);
    app.decorateRequest('conversationScope', null);
    const declared: DeclaredRoute[] = [];
    app.decorate('routeAccess', () => declared);

    const guard =
      (access: RouteAccess): preHandlerHookHandler =>
      async (request, reply) => {
        // A route that authenticates later (or forgot to) is authenticated here: no user, no data.
        if (!request.user) await app.authenticate(request, reply);
        const user = request.user;
        if (!user) throw new AppError('UNAUTHORIZED');
        const scope = await visibility.scopeFor(user);
        request.conversationScope = scope;
        if (access === 'scoped') return;
        if ('conversation' in access) {
          await visibility.assertCanSee(scope, fieldOf(request, access.conversation));
        } else if ('client' in access) {
          await visibility.assertCanSeeClient(scope, fieldOf(request, access.client));
        } else if (!(await visibility.showsMedia(scope, mediaUrl(fieldOf(request, access.media))))) {
          throw new AppError('NOT_FOUND', 'Arquivo não encontrado');
        }
      };

    app.addHook('onRoute', (route) => {
      const access = route.config?.access ?? null;
      if (route.url.startsWith('/api/')) {
        for (const method of asArray(route.method)) {
          declared.push({
            method,
            url: route.url,
            access,
            bodyFields: bodyFieldsOf(route),
            schema: route.schema,
          });
        }
      }
      if (!access) return;
      // After validation (a malformed id is a 400 for everyone) and the route's own hooks.
      route.preHandler = [...asArray<preHandlerHookHandler>(route.preHandler), guard(access)];
    });
  },
  { name: 'atende-visibility', dependencies: ['atende-db', 'atende-auth'] },
);
