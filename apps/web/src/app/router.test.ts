import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { clientsFilterFromParams, getClientsPageQueryOptions } from '@/features/clients/api/get-clients-page';
import { queryClient } from './query-client';
import { routes } from './router';

function findRoute(list: RouteObject[], path: string): RouteObject | undefined {
  for (const route of list) {
    if (route.path === path) return route;
    const inner = route.children && findRoute(route.children, path);
    if (inner) return inner;
  }
  return undefined;
}

afterEach(() => queryClient.clear());

describe('clientsFilterFromParams', () => {
  it('reads the list filters from the URL, ignoring an unknown last-contact value', () => {
    expect(clientsFilterFromParams(new URLSearchParams('busca=silva&etiqueta=l1&contato=30d'))).toEqual({
      search: 'silva',
      labelId: 'l1',
      lastContact: '30d',
    });
    expect(clientsFilterFromParams(new URLSearchParams('contato=ontem'))).toEqual({
      search: '',
      labelId: null,
      lastContact: null,
    });
  });
});

describe('/clients route', () => {
  it("requests the list's first page for the URL's filters as navigation starts", async () => {
    const loader = findRoute(routes, 'clients')?.loader;
    expect(typeof loader).toBe('function');
    const request = new Request('http://localhost/clients?busca=ana&contato=7d');
    await (loader as (args: Pick<LoaderFunctionArgs, 'request'>) => unknown)({ request });
    const { queryKey } = getClientsPageQueryOptions({ search: 'ana', labelId: null, lastContact: '7d' });
    expect(queryClient.getQueryState(queryKey)).toBeDefined();
  });
});
