import type { FastifyInstance } from 'fastify';

export interface Route {
  method: string;
  path: string;
}

/** Every /api route Fastify knows, read from its route tree (no hand-kept list to go stale). */
export function listRoutes(app: FastifyInstance): Route[] {
  const stack: string[] = [];
  const routes: Route[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│├└─\s]*)(\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = Math.floor((match[1] ?? '').length / 4);
    const segment = (match[2] ?? '').replace(/:(\w+)(\|:\w+)+/g, ':$1');
    stack.length = depth;
    stack[depth] = segment;
    const path = stack.join('');
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD' && path.startsWith('/api/')) routes.push({ method, path });
    }
  }
  return routes;
}
