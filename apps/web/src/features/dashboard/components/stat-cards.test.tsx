import type { DashboardStats } from '@atende/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getDashboardStatsQueryOptions } from '../api/get-dashboard-stats';
import { StatCards } from './stat-cards';

const stats: DashboardStats = {
  conversationsToday: 42,
  conversationsTodayChange: 10,
  conversionRate: 12.5,
  conversionRateChange: 0,
  avgResponseTime: 4.2,
  avgResponseTimeChange: -25,
  activeClients: 30,
  activeClientsChange: -5,
};

function renderWith(client: QueryClient) {
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <StatCards />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const newClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });

beforeEach(() => localStorage.setItem('auth_token', 'token'));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('StatCards', () => {
  it('renders the four cards with values, and styles a faster response time as good news', () => {
    const client = newClient();
    client.setQueryData(getDashboardStatsQueryOptions().queryKey, stats);
    renderWith(client);

    expect(screen.getByTestId('stat-card-conversations').textContent).toContain('42');
    const response = screen.getByTestId('stat-card-responseTime');
    expect(response.textContent).toContain('4,2 s');
    expect(response.querySelector('[data-change]')?.getAttribute('data-change')).toBe('decrease');
    expect(response.querySelector('[data-tone]')?.getAttribute('data-tone')).toBe('positive');
    expect(response.textContent).toContain('Redução de 25,0% vs. ontem');

    const clients = screen.getByTestId('stat-card-activeClients');
    expect(clients.querySelector('[data-tone]')?.getAttribute('data-tone')).toBe('negative');
    const conversion = screen.getByTestId('stat-card-conversion');
    expect(conversion.querySelector('[data-tone]')?.getAttribute('data-tone')).toBe('neutral');
    expect(conversion.textContent).toContain('vs. semana passada');
  });

  it('shows four placeholders with their titles while loading', () => {
    vi.spyOn(globalThis, 'fetch').mockReturnValue(new Promise(() => {}));
    renderWith(newClient());
    expect(screen.getAllByTestId('stat-card-skeleton')).toHaveLength(4);
    expect(screen.getByText('Tempo Médio de Resposta')).toBeTruthy();
  });

  it('shows the error with "Tentar novamente", and retrying recovers', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(
        new Response(JSON.stringify({ success: false, message: 'Falha no banco', code: 'INTERNAL' }), {
          status: 500,
        }),
      )
      .mockResolvedValueOnce(new Response(JSON.stringify({ success: true, data: stats }), { status: 200 }));
    renderWith(newClient());

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Erro ao carregar dados do dashboard');
    expect(alert.textContent).toContain('Falha no banco');

    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(screen.getByTestId('stat-card-conversations').textContent).toContain('42'));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
