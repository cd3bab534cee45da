import type { Conversation, Inbox } from '@atende/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui';
import { mockApi, signInAs, signOut } from '@/test/mock-api';
import { conversation } from '../test-support/fixtures';
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
    autoAssign: false,
    assignCapacity: 10,
    sla: { firstResponseMinutes: null, resolutionMinutes: null },
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
    'GET /conversations/attention': { mine: 0, unassigned: 0, all: 2, unread: 0 },
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

afterEach(() => {
  vi.restoreAllMocks();
  signOut();
});

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

const MIN = 60_000;

/** happy-dom lays nothing out: give the list a size, so the virtualiser renders its rows. */
function giveTheListRoom() {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(320);
}
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

/** A list server: rows chosen by the query, the attention counts, a bulk endpoint. */
function teamDayServer(rowsFor: (params: URLSearchParams) => Conversation[]) {
  const asked: URLSearchParams[] = [];
  const calls = mockApi({
    'GET /inboxes': [inbox('default', 'Atendimento')],
    'GET /labels': [],
    'GET /team/members': [],
    'GET /conversations/attention': { mine: 1, unassigned: 2, all: 5, unread: 3 },
    'GET /conversations': ({ search }) => {
      const params = new URLSearchParams(search);
      asked.push(params);
      const rows = rowsFor(params);
      return {
        status: 200,
        body: { success: true, data: rows, page: { nextCursor: null, total: rows.length } },
      };
    },
    'POST /conversations/bulk': ({ body }) => ({
      done: (body as { conversationIds: string[] }).conversationIds,
      failed: [],
    }),
  });
  return { asked, calls };
}

const waiting = (id: string, since: string) =>
  conversation({
    id,
    clientName: `Cliente ${id}`,
    isAiHandled: false,
    handler: { mode: 'waiting_human', userId: null, userName: null, since, reason: 'Pediu uma pessoa' },
  });

describe('the tabs', () => {
  beforeEach(giveTheListRoom);

  it('show the live counts of open conversations and ask the server for each queue', async () => {
    signInAs('operator');
    const { asked } = teamDayServer((params) =>
      params.get('handler') === 'waiting_human'
        ? [waiting('recente', ago(3.5 * MIN)), waiting('antiga', ago(40.5 * MIN))]
        : [conversation({ id: 'c1' })],
    );
    renderPanel();
    await waitFor(() =>
      expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
        'Minhas1',
        'Não atribuídas2',
        'Todas5',
      ]),
    );
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Todas5');
    await waitFor(() => expect(asked[0]?.get('status')).toBe('active'));

    fireEvent.click(screen.getByRole('tab', { name: /Minhas/ }));
    expect(screen.getByTestId('search').textContent).toBe('?tab=mine');
    await waitFor(() => expect(asked.at(-1)?.get('assignee')).toBe('me'));

    fireEvent.click(screen.getByRole('tab', { name: /Não atribuídas/ }));
    await waitFor(() => expect(asked.at(-1)?.get('handler')).toBe('waiting_human'));
    expect(asked.at(-1)?.get('assignee')).toBe('none');
    // Whoever waited longest comes first, with how long.
    await waitFor(() =>
      expect(screen.getAllByTestId('conversation-row').map((r) => r.dataset.conversationId)).toEqual([
        'antiga',
        'recente',
      ]),
    );
    expect(screen.getAllByTestId('waiting-time').map((w) => w.textContent)).toEqual([
      'aguardando há 40 min',
      'aguardando há 3 min',
    ]);
    expect(screen.queryByLabelText('Filtrar por atendimento')).toBeNull();
  });

  it('move with the arrow keys, and hide their counts beside another status', async () => {
    signInAs('operator');
    teamDayServer(() => []);
    renderPanel('/conversations?tab=unassigned');
    const selected = await screen.findByRole('tab', { selected: true });
    expect(selected.textContent).toContain('Não atribuídas');
    fireEvent.keyDown(selected, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { selected: true }).textContent).toContain('Todas');
    await screen.findByText('Nenhuma conversa encontrada');

    fireEvent.change(screen.getByLabelText('Filtrar por status'), { target: { value: 'archived' } });
    await waitFor(() => expect(screen.queryAllByTestId('tab-count')).toHaveLength(0));
  });
});

describe('the rows', () => {
  beforeEach(giveTheListRoom);

  it('count exactly the rows shown, and show unread ones bold with their count', async () => {
    signInAs('operator');
    teamDayServer(() => [
      conversation({ id: 'lida' }),
      conversation({ id: 'nova', unreadCount: 3, lastMessage: 'Alguém aí?' }),
      // An archived row under "Ativas" is not shown, and not counted.
      conversation({ id: 'arquivada', archivedAt: ago(MIN) }),
    ]);
    renderPanel();
    await waitFor(() => expect(screen.getAllByTestId('conversation-row')).toHaveLength(2));
    expect(screen.getByTestId('conversation-count').textContent).toBe('2 conversas');
    const unread = screen.getAllByTestId('conversation-row').find((r) => r.dataset.conversationId === 'nova');
    expect(unread?.dataset.unread).toBe('3');
    expect(screen.getByTestId('unread-badge').textContent).toBe('33 mensagens não lidas');
  });

  it('are checked for a bulk action, with the bar counting them; Resolver acts on all', async () => {
    signInAs('admin');
    const told = vi.spyOn(toast, 'success').mockImplementation(() => {});
    const { calls } = teamDayServer(() => [
      conversation({ id: 'a', clientName: 'Ana' }),
      conversation({ id: 'b', clientName: 'Bia' }),
      conversation({ id: 'c', clientName: 'Caio' }),
    ]);
    renderPanel();
    await waitFor(() => expect(screen.getAllByTestId('row-checkbox')).toHaveLength(3));
    expect(screen.queryByTestId('bulk-bar')).toBeNull();
    fireEvent.click(screen.getByLabelText('Selecionar Ana'));
    const rowB = screen.getAllByTestId('conversation-row')[1]!;
    // x checks the focused row; Escape clears them all.
    fireEvent.keyDown(rowB, { key: 'x' });
    expect(screen.getByTestId('bulk-count').textContent).toBe('2 selecionadas');
    fireEvent.keyDown(rowB, { key: 'Escape' });
    expect(screen.queryByTestId('bulk-bar')).toBeNull();

    fireEvent.click(screen.getByLabelText('Selecionar Ana'));
    fireEvent.click(screen.getByLabelText('Selecionar Caio'));
    fireEvent.click(screen.getByRole('button', { name: 'Resolver' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/conversations/bulk')).toBe(true));
    expect(calls.find((c) => c.path === '/conversations/bulk')?.body).toEqual({
      action: 'resolve',
      conversationIds: ['a', 'c'],
    });
    await waitFor(() => expect(screen.queryByTestId('bulk-bar')).toBeNull());
    expect(told).toHaveBeenCalledWith('2 conversas resolvidas');
  });

  it('tell what a bulk action did though its rows left the list, and the bar with them, before the answer', async () => {
    signInAs('operator');
    const told = vi.spyOn(toast, 'warning').mockImplementation(() => {});
    let view: ReturnType<typeof renderPanel> | null = null;
    mockApi({
      'GET /inboxes': [inbox('default', 'Atendimento')],
      'GET /labels': [],
      'GET /conversations/attention': { mine: 0, unassigned: 0, all: 2, unread: 0 },
      'GET /conversations': {
        status: 200,
        body: {
          success: true,
          data: [conversation({ id: 'a', clientName: 'Ana' }), conversation({ id: 'b', clientName: 'Bia' })],
          page: { nextCursor: null, total: 2 },
        },
      },
      // Resolved live while the request runs: the rows, the selection and the bar are gone.
      'POST /conversations/bulk': () => {
        view?.unmount();
        return { done: ['a'], failed: [{ conversationId: 'b', message: 'Conversa já finalizada' }] };
      },
    });
    view = renderPanel();
    fireEvent.click(await screen.findByLabelText('Selecionar Ana'));
    fireEvent.click(screen.getByLabelText('Selecionar Bia'));
    fireEvent.click(screen.getByRole('button', { name: 'Resolver' }));
    await waitFor(() =>
      expect(told).toHaveBeenCalledWith(
        '1 conversa resolvida',
        '1 não pôde ser alterada: Conversa já finalizada',
      ),
    );
  });
});
