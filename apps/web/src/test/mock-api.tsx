import type { User } from '@atende/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { ConfirmProvider, toast } from '@/components/ui';
import { patchSession } from '@/lib/session';

/** Signs a fake user in (the session store and the stored token the transport sends). */
export function signInAs(role: User['role']): void {
  patchSession({
    user: { id: role === 'admin' ? 'admin-1' : 'op-1', name: 'Pessoa', email: 'p@x.com', role },
    token: 'token',
    isAuthenticated: true,
    isLoading: false,
  });
  localStorage.setItem('auth_token', 'token');
}

export function signOut(): void {
  patchSession({ user: null, token: null, isAuthenticated: false, isLoading: false });
}

/**
 * A suite's tests run signed in as `role`, with success toasts silenced; each ends signed out with
 * its spies restored.
 */
export function signedInFor(role: User['role']): void {
  beforeEach(() => {
    signInAs(role);
    vi.spyOn(toast, 'success').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
    signOut();
  });
}

export interface ApiCall {
  method: string;
  path: string;
  search: string;
  body: unknown;
}

/** An answer's data, or a function of the call returning it (or `{ status, body }` for a failure). */
type Handler = (call: ApiCall) => unknown;
type Route = Handler | readonly unknown[] | { [key: string]: unknown } | string | null;

/**
 * Answers `fetch` from `routes` ("GET /integrations/webhooks" → data, or a function of the call); an
 * unknown route is a 404. Every call is recorded, in order.
 */
export function mockApi(routes: Record<string, Route>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace(/^\/api/, '');
    const call = {
      method,
      path,
      search: url.search,
      body: init?.body ? JSON.parse(String(init.body)) : null,
    };
    calls.push(call);
    const route = routes[`${method} ${path}`];
    if (route === undefined) {
      return new Response(JSON.stringify({ success: false, message: 'Não encontrado' }), { status: 404 });
    }
    const result = typeof route === 'function' ? (route as Handler)(call) : route;
    if (result && typeof result === 'object' && 'status' in result && 'body' in result) {
      const { status, body } = result as { status: number; body: unknown };
      return new Response(JSON.stringify(body), { status });
    }
    return new Response(JSON.stringify({ success: true, data: result }), { status: 200 });
  });
  return calls;
}

/** A failure answer for `mockApi`: the server's envelope with a pt-BR message. */
export function failWith(status: number, message: string) {
  return { status, body: { success: false, message } };
}

export function newQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** Renders with what a card needs from the app: a query client, a router and the confirm dialog. */
export function renderWithProviders(ui: ReactNode, client = newQueryClient()) {
  return {
    client,
    ...render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <ConfirmProvider>{ui}</ConfirmProvider>
        </MemoryRouter>
      </QueryClientProvider>,
    ),
  };
}
