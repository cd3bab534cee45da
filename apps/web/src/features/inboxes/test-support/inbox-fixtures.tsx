import type { ChannelKindInfo, Inbox, User, WhatsappStatus } from '@atende/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { ConfirmProvider } from '@/components/ui';
import { patchSession } from '@/lib/session';

export function status(overrides: Partial<WhatsappStatus> = {}): WhatsappStatus {
  return {
    connected: false,
    qr: null,
    state: 'disconnected',
    channel: 'simulator',
    phone: null,
    pairingCode: null,
    reason: null,
    ...overrides,
  };
}

export const CONNECTED = status({ connected: true, state: 'connected', phone: '5511900000001' });

export function inbox(overrides: Partial<Inbox> = {}): Inbox {
  return {
    id: 'default',
    kind: 'simulator',
    name: 'Atendimento',
    phone: '5511900000001',
    status: CONNECTED,
    agentEnabled: true,
    operatorAccess: 'all',
    memberIds: [],
    settings: {},
    primary: true,
    installed: true,
    createdAt: '2026-01-01T10:00:00.000Z',
    removedAt: null,
    ...overrides,
  };
}

export const KINDS: ChannelKindInfo[] = [
  {
    kind: 'simulator',
    label: 'Simulador',
    description: 'Um WhatsApp de mentira para testar.',
    installed: true,
    pairing: 'qr',
    fields: [],
  },
  {
    kind: 'whatsapp-web',
    label: 'WhatsApp Web',
    description: 'Aparelho conectado.',
    installed: false,
    pairing: 'qr-or-code',
    fields: [],
  },
  {
    kind: 'cloud-api',
    label: 'WhatsApp Cloud API',
    description: 'A API oficial.',
    installed: true,
    pairing: 'none',
    fields: [
      {
        key: 'phoneNumberId',
        label: 'ID do número',
        type: 'text',
        required: true,
        placeholder: '1234567890',
        help: null,
      },
      {
        key: 'accessToken',
        label: 'Token de acesso',
        type: 'secret',
        required: true,
        placeholder: null,
        help: null,
      },
      {
        key: 'maxPerSecond',
        label: 'Envios por segundo',
        type: 'number',
        required: false,
        placeholder: '20',
        help: null,
      },
    ],
  },
];

export function signInAs(role: User['role']): void {
  patchSession({
    user: { id: role === 'admin' ? 'admin-1' : 'op-1', name: 'Pessoa', email: 'p@x.com', role },
    token: 'token',
    isAuthenticated: true,
    isLoading: false,
  });
  localStorage.setItem('auth_token', 'token');
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
 * Answers `fetch` from `routes` ("GET /inboxes" → data, or a function of the call); an unknown route
 * is a 404. Every call is recorded, in order.
 */
export function mockApi(routes: Record<string, Route>) {
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
      const { status: code, body } = result as { status: number; body: unknown };
      return new Response(JSON.stringify(body), { status: code });
    }
    return new Response(JSON.stringify({ success: true, data: result }), { status: 200 });
  });
  return calls;
}

export function newQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

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
