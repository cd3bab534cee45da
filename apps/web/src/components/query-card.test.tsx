import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { QueryCard } from './query-card';

function Loaded({ load }: { load: () => Promise<string> }) {
  const query = useQuery({ queryKey: ['value'], queryFn: load, retry: false });
  return (
    <QueryCard query={query} fields={3}>
      {(value) => <p>Valor: {value}</p>}
    </QueryCard>
  );
}

function renderLoaded(load: () => Promise<string>) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <Loaded load={load} />
    </QueryClientProvider>,
  );
}

describe('QueryCard', () => {
  it('shows a title and one skeleton line a field while loading, then the data', async () => {
    let resolve: (value: string) => void = () => {};
    const { container } = renderLoaded(() => new Promise((r) => (resolve = r)));
    const lines = [...container.querySelectorAll('.animate-pulse')].map((line) => line.className);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain('w-48');
    expect(lines[3]).toContain('w-2/3');
    await act(async () => resolve('pronto'));
    await screen.findByText('Valor: pronto');
  });

  it('shows the error with a retry that loads again', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('Falhou'))
      .mockResolvedValue('ok');
    renderLoaded(load);
    await screen.findByText('Falhou');
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await screen.findByText('Valor: ok');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
