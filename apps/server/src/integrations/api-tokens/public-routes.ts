import type { ApiTokenScope } from '@atende/contracts';

/**
 * The public API: every route an API token may call, and the one scope it needs. A token gets 403 on
 * any route not listed here (the dashboard's own calls, admin screens, sessions). The OpenAPI
 * document describes exactly these routes. Keys are `METHOD url` as Fastify registers the route.
 */
export const PUBLIC_ROUTES: ReadonlyMap<string, ApiTokenScope> = new Map<string, ApiTokenScope>([
  ['GET /api/conversations', 'conversations:read'],
  ['GET /api/conversations/:id', 'conversations:read'],
  ['GET /api/conversations/:id/messages', 'conversations:read'],
  ['POST /api/conversations/:id/messages', 'messages:send'],
  ['GET /api/clients/page', 'clients:manage'],
  ['GET /api/clients/:id', 'clients:manage'],
  ['PATCH /api/clients/:id', 'clients:manage'],
  ['GET /api/dashboard/stats', 'analytics:read'],
  ['GET /api/analytics', 'analytics:read'],
  ['GET /api/analytics/report', 'analytics:read'],
]);

/** The scope a route needs from a token, or undefined when tokens may not call it. */
export function scopeForRoute(method: string, url: string | undefined): ApiTokenScope | undefined {
  return url === undefined ? undefined : PUBLIC_ROUTES.get(`${method} ${url}`);
}
