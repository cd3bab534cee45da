import type { ApiToken } from '@atende/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, signInAs, signOut } from '@/test/mock-api';
import { ApiTokensCard } from './api-tokens-card';

afterEach(() => {
  vi.restoreAllMocks();
  signOut();
});

const TOKEN = 'atd_Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZmdoaWo';

function apiToken(overrides: Partial<ApiToken> = {}): ApiToken {
  return {
    id: 't1',
    name: 'n8n',
    scopes: ['conversations:read', 'messages:send'],
    hint: 'atd_Zm9vYm…',
    createdAt: '2026-05-10T12:00:00.000Z',
    createdBy: 'Ana Admin',
    lastUsedAt: null,
    revokedAt: null,
    ...overrides,
  };
}

function rowOf(name: string): HTMLElement {
  const row = screen
    .getAllByTestId('api-token-row')
    .find((item) => item.querySelector('h3')?.textContent === name);
  if (!row) throw new Error(`sem linha para ${name}`);
  return row;
}

describe('ApiTokensCard', () => {
  it('is not there for an operator, and asks the server nothing', () => {
    signInAs('operator');
    const calls = mockApi({});
    const { container } = renderWithProviders(<ApiTokensCard />);
    expect(container.textContent).toBe('');
    expect(calls).toHaveLength(0);
  });

  it('lists tokens with permissions in pt-BR and their last use; revoked ones last, without Revogar', async () => {
    signInAs('admin');
    mockApi({
      'GET /integrations/api-tokens': [
        apiToken({ id: 't3', name: 'Antigo', revokedAt: '2026-05-12T12:00:00.000Z' }),
        apiToken({ id: 't2', name: 'ERP', scopes: ['clients:manage'], lastUsedAt: new Date().toISOString() }),
        apiToken(),
      ],
    });
    renderWithProviders(<ApiTokensCard />);
    await screen.findAllByTestId('api-token-row');
    expect(screen.getAllByTestId('api-token-row').map((row) => row.querySelector('h3')?.textContent)).toEqual(
      ['ERP', 'n8n', 'Antigo'],
    );
    const n8n = rowOf('n8n');
    expect(within(n8n).getByRole('list', { name: 'Permissões' }).textContent).toBe(
      'Ler conversasEnviar mensagens',
    );
    expect(n8n.textContent).toContain('atd_Zm9vYm…');
    expect(n8n.textContent).toContain('Criado em 10/05/2026 por Ana Admin');
    expect(within(n8n).getByTestId('api-token-last-use').textContent).toBe('Nunca usado');
    expect(within(rowOf('ERP')).getByTestId('api-token-last-use').textContent).toBe('Último uso: agora');
    expect(rowOf('ERP').textContent).toContain('Gerenciar clientes');

    const old = rowOf('Antigo');
    expect(old.textContent).toContain('Revogado em 12/05/2026');
    expect(within(old).queryByRole('button', { name: /Revogar/ })).toBeNull();
  });

  it('links to the API reference in a new tab', async () => {
    signInAs('admin');
    mockApi({ 'GET /integrations/api-tokens': [] });
    renderWithProviders(<ApiTokensCard />);
    const link = await screen.findByRole('link', { name: /Documentação da API/ });
    expect(link.getAttribute('href')).toBe('/api/docs');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(await screen.findByText('Nenhum token')).toBeTruthy();
  });

  it('creates a token with the chosen permissions and shows it once, with copy', async () => {
    signInAs('admin');
    const created: ApiToken[] = [];
    const calls = mockApi({
      'GET /integrations/api-tokens': () => created,
      'POST /integrations/api-tokens': ({ body }) => {
        const input = body as { name: string; scopes: ApiToken['scopes'] };
        const row = apiToken({ id: 'new', ...input });
        created.push(row);
        return { apiToken: row, token: TOKEN };
      },
    });
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithProviders(<ApiTokensCard />);

    fireEvent.click(await screen.findByRole('button', { name: 'Criar token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar token de API' });
    // Nothing is granted by default.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Criar token' }));
    expect(await within(dialog).findByText('Dê um nome ao token')).toBeTruthy();
    expect(within(dialog).getByText('Escolha ao menos uma permissão')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Nome'), { target: { value: 'Relatórios' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Ler métricas/ }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Ler conversas/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Criar token' }));

    const shown = await screen.findByRole('dialog', { name: 'Token criado' });
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Relatórios',
      scopes: ['conversations:read', 'analytics:read'],
    });
    expect((within(shown).getByLabelText('Token') as HTMLInputElement).value).toBe(TOKEN);
    expect(shown.textContent).toContain('Authorization: Bearer');
    fireEvent.click(within(shown).getByRole('button', { name: 'Copiar' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(TOKEN));

    fireEvent.click(within(shown).getByRole('button', { name: 'Concluir' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.textContent).not.toContain(TOKEN);
    expect(rowOf('Relatórios')).toBeTruthy();

    // Opening the dialog again starts a new, empty form.
    fireEvent.click(screen.getByRole('button', { name: 'Criar token' }));
    const again = await screen.findByRole('dialog', { name: 'Criar token de API' });
    expect((within(again).getByLabelText('Nome') as HTMLInputElement).value).toBe('');
  });

  it('revokes a token only after confirming', async () => {
    signInAs('admin');
    let current = apiToken();
    const calls = mockApi({
      'GET /integrations/api-tokens': () => [current],
      'DELETE /integrations/api-tokens/t1': () => {
        current = apiToken({ revokedAt: new Date().toISOString() });
        return current;
      },
    });
    renderWithProviders(<ApiTokensCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Revogar n8n' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revogar token' });
    expect(confirm.textContent).toContain('401');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revogar' }));
    await waitFor(() => expect(rowOf('n8n').textContent).toContain('Revogado'));
    expect(screen.queryByRole('button', { name: 'Revogar n8n' })).toBeNull();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });
});
