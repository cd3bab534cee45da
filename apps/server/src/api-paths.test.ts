import { apiRoutes } from '@atende/contracts';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/helpers.js';
import { listRoutes } from '../test/route-list.js';

/**
 * The web's calls and the server's routes come from one declaration: every path the web builds
 * (`apiRoutes` in the contracts) is a route the server serves, so a renamed route fails here, not
 * in a user's browser.
 */
describe('the contracts’ API paths', () => {
  const ctx = useTestApp('sqlite');

  it('are all served', () => {
    const unnamed = (path: string) => path.replace(/:\w+/g, ':');
    const served = new Set(listRoutes(ctx.app).map((route) => unnamed(route.path)));
    const missing = Object.entries(apiRoutes).filter(([, path]) => !served.has(unnamed(path)));
    expect(missing).toEqual([]);
  });
});
