import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type SearchParamsPatch, useSearchParamsPatch } from './use-search-params-patch';

type Patch = (patch: SearchParamsPatch) => void;

/** Each component's setter as of its last render. */
const setters: { filter?: Patch; tab?: Patch } = {};

/** Two components of one page, each changing its own param (a filter bar and a panel's tab). */
function FilterBar() {
  setters.filter = useSearchParamsPatch();
  return null;
}
function Panel() {
  setters.tab = useSearchParamsPatch();
  return null;
}

function page() {
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard',
        element: (
          <>
            <FilterBar />
            <Panel />
          </>
        ),
      },
    ],
    { initialEntries: ['/dashboard?caixa=cloud&periodo=7d'] },
  );
  render(<RouterProvider router={router} />);
  const search = () => new URLSearchParams(router.state.location.search);
  return { setters, search };
}

describe('useSearchParamsPatch', () => {
  it('sets and removes its params and keeps the others', async () => {
    const { setters, search } = page();
    await act(async () => setters.tab?.({ comparar: 'inbox', periodo: null }));
    expect(Object.fromEntries(search())).toEqual({ caixa: 'cloud', comparar: 'inbox' });
  });

  it('a change made before the page re-rendered builds on the one before it, from another component', async () => {
    const { setters, search } = page();
    await act(async () => {
      setters.filter?.({ caixa: null });
      setters.tab?.({ comparar: 'person' });
    });
    expect(Object.fromEntries(search())).toEqual({ periodo: '7d', comparar: 'person' });

    // Then, rendered again, each change starts from the URL as it now is.
    await act(async () => setters.filter?.({ caixa: 'sim' }));
    expect(Object.fromEntries(search())).toEqual({ periodo: '7d', comparar: 'person', caixa: 'sim' });
  });
});
