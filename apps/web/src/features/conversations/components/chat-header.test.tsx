import { type Conversation, type HandlerMode, KNOWN_CONVERSATION_STATUSES } from '@atende/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui';
import { mockApi, renderWithProviders, signInAs, signOut } from '@/test/mock-api';
import { conversation } from '../test-support/fixtures';
import { ChatHeader } from './chat-header';

afterEach(() => {
  vi.restoreAllMocks();
  signOut();
});

function renderHeader(row: Conversation, onClosed = () => {}) {
  return renderWithProviders(
    <ChatHeader
      conversation={row}
      client={null}
      isSearchOpen={false}
      onToggleSearch={() => {}}
      onBack={() => {}}
      onViewProfile={() => {}}
      onClosed={onClosed}
    />,
  );
}

const state = () => screen.getByTestId('conversation-state');
const buttons = () =>
  within(screen.getByRole('banner'))
    .getAllByRole('button')
    .map((b) => b.getAttribute('aria-label') ?? b.textContent?.trim() ?? '')
    .filter((name) => ['Assumir', 'Devolver à IA', 'Adiar', 'Retomar', 'Reabrir', 'Resolver'].includes(name));

function openMenu(name: string) {
  fireEvent.pointerDown(screen.getByRole('button', { name }), { button: 0, ctrlKey: false });
}

describe('the chat header', () => {
  it('shows an open conversation with who answers and what can be done', () => {
    signInAs('operator');
    mockApi({});
    renderHeader(conversation());
    expect(state().textContent).toBe('AtivaIA respondendo');
    expect(screen.getByTestId('ai-badge')).toBeTruthy();
    expect(buttons()).toEqual(['Assumir', 'Adiar', 'Resolver']);
  });

  it('says "Com você" to whoever holds it, and offers giving it back', () => {
    signInAs('operator');
    mockApi({});
    renderHeader(
      conversation({
        isAiHandled: false,
        handler: {
          mode: 'human',
          userId: 'op-1',
          userName: 'Pessoa',
          since: '2026-03-02T10:00:00Z',
          reason: null,
        },
      }),
    );
    expect(state().textContent).toBe('AtivaCom você');
    expect(buttons()).toEqual(['Devolver à IA', 'Adiar', 'Resolver']);
  });

  it('never says who answers a finished conversation, nor offers taking it', () => {
    signInAs('operator');
    mockApi({});
    renderHeader(conversation({ status: 'completed' }));
    expect(state().textContent).toBe('Finalizada');
    expect(screen.queryByTestId('handler-chip')).toBeNull();
    expect(screen.queryByTestId('ai-badge')).toBeNull();
    expect(buttons()).toEqual(['Reabrir']);
  });

  it('shows a snoozed conversation with when it comes back, and Retomar', () => {
    signInAs('operator');
    mockApi({});
    renderHeader(conversation({ status: 'paused', snoozedUntil: null }));
    expect(state().textContent).toBe('Adiada até o cliente responder');
    expect(buttons()).toEqual(['Retomar', 'Resolver']);
  });

  it('never contradicts itself, whatever the status, handler and viewer', () => {
    const modes: HandlerMode[] = ['ai', 'waiting_human', 'human', 'paused'];
    for (const role of ['admin', 'operator'] as const) {
      for (const status of [...KNOWN_CONVERSATION_STATUSES, 'mystery']) {
        for (const mode of modes) {
          for (const userId of [null, 'op-1', 'someone']) {
            signInAs(role);
            mockApi({});
            const { unmount } = renderHeader(
              conversation({
                status,
                handler: {
                  mode,
                  userId,
                  userName: userId ? 'Alguém' : null,
                  since: '2026-03-02T10:00:00Z',
                  reason: null,
                },
              }),
            );
            const open = status === 'active';
            const label = `${role}/${status}/${mode}/${userId}`;
            expect(Boolean(screen.queryByTestId('handler-chip')), label).toBe(open);
            expect(Boolean(screen.queryByTestId('ai-badge')), label).toBe(open);
            expect(buttons().includes('Assumir') || buttons().includes('Devolver à IA'), label).toBe(open);
            expect(buttons().includes('Resolver'), label).toBe(
              ['active', 'paused', 'abandoned'].includes(status),
            );
            expect(buttons().includes('Reabrir'), label).toBe(['completed', 'abandoned'].includes(status));
            unmount();
          }
        }
      }
    }
    // 120 renders: room for a busy machine.
  }, 30_000);

  it('lets an admin delete after the spec confirmation; an operator has no such item', async () => {
    signInAs('admin');
    const calls = mockApi({ 'DELETE /conversations/c1': null });
    const done = vi.spyOn(toast, 'success').mockImplementation(() => {});
    const onClosed = vi.fn();
    renderHeader(conversation(), onClosed);
    openMenu('Mais opções');
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Excluir conversa' }));
    await screen.findByText('Confirmar exclusão');
    await screen.findByText('Tem certeza que deseja excluir esta conversa? Esta ação não pode ser desfeita.');
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(onClosed).toHaveBeenCalled());
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/conversations/c1')).toBe(true);
    expect(done).toHaveBeenCalledWith('Conversa excluída');
  });

  it('gives an operator no delete, and archives through the server', async () => {
    signInAs('operator');
    const calls = mockApi({
      'POST /conversations/c1/archive': conversation({ archivedAt: '2026-03-02T11:00:00.000Z' }),
    });
    vi.spyOn(toast, 'success').mockImplementation(() => {});
    const onClosed = vi.fn();
    renderHeader(conversation(), onClosed);
    openMenu('Mais opções');
    await screen.findByRole('menuitem', { name: 'Arquivar conversa' });
    expect(screen.queryByRole('menuitem', { name: 'Excluir conversa' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: /Atribuir a/ })).toBeNull();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Arquivar conversa' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(onClosed).toHaveBeenCalled());
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('POST /conversations/c1/archive');
  });

  it('on a Sunday "Adiar" offers no "Próxima segunda 9h" beside "Amanhã 9h", the same instant', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 29, 10, 0)); // Sunday 29 November 2026
    try {
      signInAs('operator');
      mockApi({});
      renderHeader(conversation());
      openMenu('Adiar');
      await screen.findByRole('menuitem', { name: /^Amanhã 9h/ });
      const items = screen.getAllByRole('menuitem').map((item) => item.textContent ?? '');
      expect(items.filter((text) => /^(1 hora|3 horas|Amanhã 9h|Próxima segunda 9h)/.test(text))).toEqual([
        expect.stringMatching(/^1 hora/),
        expect.stringMatching(/^3 horas/),
        expect.stringMatching(/^Amanhã 9h/),
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('resolves with one click', async () => {
    signInAs('operator');
    const calls = mockApi({ 'POST /conversations/c1/resolve': conversation({ status: 'completed' }) });
    const done = vi.spyOn(toast, 'success').mockImplementation(() => {});
    renderHeader(conversation());
    fireEvent.click(screen.getByRole('button', { name: 'Resolver' }));
    await waitFor(() => expect(done).toHaveBeenCalledWith('Conversa resolvida'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/conversations/c1/resolve',
    ]);
  });
});
