import type { FastifyReply, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../types.js';
import { getSettings } from '../settings/settings.service.js';
import { type Action, can, deniedMessage, factsNeeded, type PermissionFacts } from './actions.js';

/** What a route needs: an action, a signed-in person (any role), or nothing. */
export type RouteAction = Action | 'signed-in' | 'public';

export interface DeclaredAction {
  method: string;
  url: string;
  action: RouteAction;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An action the handler checks with `assertCan` (it needs the subject, e.g. the conversation). */
    action?: Action;
  }
  interface FastifyInstance {
    /** An onRequest hook: signs the request in, then refuses (403) a person who may not do `action`. */
    allow(action: Action): onRequestHookHandler;
    /** Refuses (403) unless `user` may do `action`; the access-control policy is loaded when needed. */
    assertCan(
      user: Pick<AuthUser, 'role'>,
      action: Action,
      facts?: Omit<PermissionFacts, 'policy'>,
    ): Promise<void>;
    /** Every `/api` route and what it needs, in registration order. */
    routeActions(): ReadonlyArray<DeclaredAction>;
  }
}

const asArray = <T>(hooks: T | T[] | undefined): T[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

/**
 * Decorates `allow`, `assertCan` and `routeActions`, and records each route's declared action as it
 * is added (registered before any route, like the conversation guard).
 */
export const permissionsPlugin = fp(
  async (app) => {
    const hookActions = new WeakMap<object, Action>();
    const declared: DeclaredAction[] = [];

    async function assertCan(
      user: Pick<AuthUser, 'role'>,
      action: Action,
      facts: Omit<PermissionFacts, 'policy'> = {},
    ): Promise<void> {
      const policy = factsNeeded(action).includes('policy')
        ? await getSettings(app.db, 'access-control')
        : undefined;
      if (!can(user, action, { ...facts, policy })) throw new AppError('FORBIDDEN', deniedMessage(action));
    }

    app.decorate('allow', (action: Action): onRequestHookHandler => {
      const hook = async (request: FastifyRequest, reply: FastifyReply) => {
        if (!request.user) await app.authenticate(request, reply);
        await assertCan(request.user!, action);
      };
      hookActions.set(hook, action);
      return hook;
    });
    app.decorate('assertCan', assertCan);
    app.decorate('routeActions', () => declared);

    app.addHook('onRoute', (route: RouteOptions) => {
      if (!route.url.startsWith('/api/')) return;
      const hooks = asArray(route.onRequest);
      const byHook = hooks.map((hook) => hookActions.get(hook)).find((action) => action !== undefined);
      const signedIn = hooks.includes(app.authenticate);
      const action: RouteAction = route.config?.action ?? byHook ?? (signedIn ? 'signed-in' : 'public');
      for (const method of asArray(route.method)) declared.push({ method, url: route.url, action });
    });
  },
  { name: 'atende-permissions', dependencies: ['atende-db', 'atende-auth'] },
);
