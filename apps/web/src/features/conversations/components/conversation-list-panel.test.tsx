import type { Conversation, Inbox } from '@atende/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { ConversationListPanel } from './conversation-list-panel';
import { ConversationRow } from './conversation-row';

function inbox(id: string, name: string, removedAt: string | null = null): Inbox {
  return {
    id,
    kind: 'simulator',
    name,
    phone: null,
    status: {
      connected: true,
      qr: null,
      state: 'connected',
      channel: 'simulator',
      phone: null,
      pairingCode: null,
    },
    agentEnabled: true,
    operatorAccess: 'all',
    memberIds: [],
    settings: {},
    primary: id === 'default',
    installed: true,
    createdAt: '2026-01-01T10:00:00.000Z',
    removedAt,
  };
}

function row(id: string, inboxId: string): Conversation {
  return {
    id,
    clientId: `client-${id}`,
    startedAt: '2026-01-01T10:00:00.000Z',
    status: 'active',
    lastMessage: 'Oi',
    lastMessageTime: '2026-01-01T10:05:00.000Z',
    messageCount: 1,
    averageResponseTime: null,
    sentimentScore: null,
    isAiHandled: true,
    tags: [],
    handler: { mode: 'ai', userId: null, userName: null, since: '2026-01-01T10:00:00.000Z', reason: null },
    clientName: `Cliente ${id}`,
    clientPhone: null,
    inboxId,
  };
}

/** Answers the list's calls; returns the /conversations query strings asked, in order. */
function mockServer(inboxes: Inbox[]) {
  const asked: URLSearchParams[] = [];
  const calls = mockApi({
    'GET /inboxes': inboxes,
    'GET /labels': [],
    'GET /conversations': ({ search }) => {
      const params = new URLSearchParams(search);
      asked.push(params);
      const rows = [row('c1', 'default'), row('c2', 'sales')].filter(
        (item) => !params.get('inboxId') || item.inboxId === params.get('inboxId'),
      );
      return {
        status: 200,
        body: { success: true, data: rows, page: { nextCursor: null, total: rows.length } },
      };
    },
  });
  return { asked, calls };
}

function Search() {
  return <output data-testid="search">{useLocation().search}</output>;
}

function renderPanel(path = '/conversations') {
  localStorage.setItem('auth_token', 'token');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <ConversationListPanel selectedId={null} onSelect={() => {}} />
        <Search />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('the inbox filter', () => {
  it('is offered only when there is more than one inbox', async () => {
    const { calls } = mockServer([inbox('default', 'Atendimento')]);
    renderPanel();
    await screen.findByLabelText('Filtrar por status');
    await waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(3));
    expect(screen.queryByLabelText('Filtrar por caixa de entrada')).toBeNull();
  });

  it('lives in the URL: a link opens the list filtered, and choosing another asks the server for it', async () => {
    const { asked } = mockServer([
      inbox('default', 'Atendimento'),
      inbox('sales', 'Vendas'),
      inbox('old', 'Antiga', '2026-02-01T00:00:00.000Z'),
    ]);
    renderPanel('/conversations?inbox=sales');
    const select = (await screen.findByLabelText('Filtrar por caixa de entrada')) as HTMLSelectElement;
    expect(select.value).toBe('sales');
    expect([...select.options].map((option) => option.textContent)).toEqual([
      'Todas as caixas de entrada',
      'Atendimento',
      'Vendas',
      'Antiga (removida)',
    ]);
    await waitFor(() => expect(asked[0]?.get('inboxId')).toBe('sales'));

    fireEvent.change(select, { target: { value: 'default' } });
    expect(screen.getByTestId('search').textContent).toBe('?inbox=default');
    await waitFor(() => expect(asked.at(-1)?.get('inboxId')).toBe('default'));

    fireEvent.change(select, { target: { value: '' } });
    expect(screen.getByTestId('search').textContent).toBe('');
    await waitFor(() => expect(asked.at(-1)?.has('inboxId')).toBe(false));
  });
});

describe('ConversationRow', () => {
  it('names the inbox when given one, and nothing otherwise', () => {
    const client = new QueryClient();
    const rowWith = (inboxName?: string) => (
      <QueryClientProvider client={client}>
        <ConversationRow
          row={row('c1', 'sales')}
          index={0}
          isSelected={false}
          onSelect={() => {}}
          isChecked={false}
          isChecking={false}
          onCheck={() => {}}
          now={Date.now()}
          inboxName={inboxName}
        />
      </QueryClientProvider>
    );
    const { rerender } = render(rowWith());
    expect(screen.queryByTestId('conversation-inbox')).toBeNull();
    rerender(rowWith('Vendas'));
    expect(screen.getByTestId('conversation-inbox').textContent).toBe('Caixa de entrada: Vendas');
  });
});
