import { type Inbox, STORAGE_KEYS, type WhatsappStatus } from '@atende/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmProvider } from '@/components/ui';
import { getInboxesQueryOptions } from '@/lib/api/get-inboxes';
import { patchSession } from '@/lib/session';
import { getWhatsappStatusQueryOptions } from '../api/get-whatsapp-status';
import { WhatsappCard } from './whatsapp-card';

const QR: WhatsappStatus = {
  connected: false,
  qr: 'qr-primary',
  state: 'qr',
  channel: 'simulator',
  phone: null,
  pairingCode: 'PAIR-1',
};

function inbox(overrides: Partial<Inbox>): Inbox {
  return {
    id: 'default',
    kind: 'simulator',
    name: 'Atendimento',
    phone: null,
    status: QR,
    agentEnabled: true,
    operatorAccess: 'all',
    memberIds: [],
    autoAssign: false,
    assignCapacity: 10,
    sla: { firstResponseMinutes: null, resolutionMinutes: null },
    settings: {},
    primary: true,
    installed: true,
    createdAt: '2026-01-01T10:00:00.000Z',
    removedAt: null,
    ...overrides,
  };
}

function renderCard(inboxes: Inbox[], role: 'admin' | 'operator' = 'admin', status: WhatsappStatus = QR) {
  patchSession({
    user: { id: 'u1', name: 'Pessoa', email: 'p@x.com', role },
    token: 't',
    isAuthenticated: true,
    isLoading: false,
  });
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  client.setQueryData(getWhatsappStatusQueryOptions().queryKey, status);
  client.setQueryData(getInboxesQueryOptions().queryKey, inboxes);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ConfirmProvider>
          <WhatsappCard />
        </ConfirmProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  patchSession({ user: null, token: null, isAuthenticated: false, isLoading: false });
});

describe('WhatsappCard with inboxes', () => {
  it('with one inbox, shows the primary as before: no inbox list, no name', async () => {
    renderCard([inbox({})]);
    await screen.findByTestId('whatsapp-qr-pending');
    expect(screen.getByText('Canal de atendimento')).toBeTruthy();
    expect(screen.queryByTestId('whatsapp-primary-name')).toBeNull();
    expect(screen.queryByText('Outras caixas de entrada')).toBeNull();
    expect(screen.getByRole('button', { name: /Parear simulador/ })).toBeTruthy();
  });

  it('with several, names the primary and lists every other inbox with its state', async () => {
    renderCard([
      inbox({}),
      inbox({
        id: 'sales',
        name: 'Vendas',
        primary: false,
        phone: '5511900000002',
        status: { ...QR, connected: true, state: 'connected', qr: null, pairingCode: null },
      }),
      inbox({
        id: 'cloud',
        kind: 'cloud-api',
        name: 'Loja Centro',
        primary: false,
        status: { ...QR, channel: 'cloud-api', qr: null, state: 'disconnected', reason: 'Token expirado' },
      }),
    ]);
    await screen.findByTestId('whatsapp-qr-pending');
    expect(screen.getByText('3 caixas de entrada')).toBeTruthy();
    expect(screen.getByTestId('whatsapp-primary-name').textContent).toContain('Atendimento');
    const rows = screen.getAllByTestId('dashboard-inbox');
    expect(rows.map((row) => row.getAttribute('data-inbox-id'))).toEqual(['sales', 'cloud']);
    expect(rows[0]?.textContent).toContain('Vendas');
    expect(rows[0]?.textContent).toContain('+55 11 90000-0002');
    expect(rows[0]?.textContent).toContain('Conectado');
    expect(rows[1]?.textContent).toContain('WhatsApp Cloud API');
    expect(rows[1]?.textContent).toContain('Desconectado');
    expect(rows[1]?.textContent).toContain('Token expirado');
    expect(
      within(screen.getByRole('region', { name: 'Conexão WhatsApp' }))
        .getByRole('link', { name: 'Gerenciar' })
        .getAttribute('href'),
    ).toBe('/integrations');
  });

  it('operators get no link to manage the inboxes', async () => {
    renderCard([inbox({}), inbox({ id: 'b', name: 'B', primary: false })], 'operator');
    await screen.findAllByTestId('dashboard-inbox');
    expect(screen.queryByRole('link', { name: 'Gerenciar' })).toBeNull();
  });

  it('an operator kept out of the primary inbox sees only the inboxes open to them', async () => {
    renderCard([inbox({ id: 'sales', name: 'Vendas', primary: false })], 'operator');
    const rows = await screen.findAllByTestId('dashboard-inbox');
    expect(rows.map((row) => row.getAttribute('data-inbox-id'))).toEqual(['sales']);
    // Nothing of the primary: not its QR, not its pairing button.
    expect(screen.queryByTestId('whatsapp-qr-pending')).toBeNull();
    expect(screen.queryByRole('button', { name: /Parear simulador/ })).toBeNull();
    expect(screen.queryByText('Outras caixas de entrada')).toBeNull();
  });
});

describe('WhatsappCard for a linked device', () => {
  const LINKED: WhatsappStatus = { ...QR, channel: 'whatsapp-web', pairingCode: null };

  it('an expired QR is "QR code expirado" with a button for a new one, never a countdown', async () => {
    localStorage.setItem(STORAGE_KEYS.authToken, 't');
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify({ success: true, data: LINKED }), { status: 200 }));
    const expired: WhatsappStatus = {
      ...LINKED,
      qr: null,
      state: 'disconnected',
      problem: 'qr_expired',
      reason:
        'Ninguém leu o QR code a tempo e ele expirou. Clique em "Gerar novo QR code" quando estiver com o celular em mãos.',
      nextAttemptAt: null,
    };
    renderCard([inbox({ kind: 'whatsapp-web', status: expired })], 'admin', expired);
    const problem = await screen.findByTestId('whatsapp-problem-qr_expired');
    expect(within(problem).getByText('QR code expirado')).toBeTruthy();
    expect(screen.queryByText(/Nova tentativa em/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reconectar' })).toBeNull();
    screen.getByRole('button', { name: /Gerar novo QR code/ }).click();
    await vi.waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        expect.stringContaining('/reconnect-whatsapp'),
        expect.anything(),
      ),
    );
  });

  it('while waiting to pair, shows the pairing code asked for beside the QR', async () => {
    const waiting: WhatsappStatus = { ...LINKED, pairingCode: 'K7QW3MZP' };
    renderCard([inbox({ kind: 'whatsapp-web', status: waiting })], 'admin', waiting);
    expect((await screen.findByTestId('whatsapp-pairing-code')).textContent).toContain('K7QW-3MZP');
  });
});
