import type { Inbox } from '@atende/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { patchSession } from '@/lib/session';
import { mockApi, renderWithProviders, signInAs } from '@/test/mock-api';
import { inbox, KINDS, status } from '../test-support/inbox-fixtures';
import { InboxesCard } from './inboxes-card';

afterEach(() => {
  vi.restoreAllMocks();
  patchSession({ user: null, token: null, isAuthenticated: false, isLoading: false });
});

const SALES = inbox({
  id: 'sales',
  name: 'Vendas',
  primary: false,
  phone: null,
  status: status({ qr: 'qr-1', state: 'qr', pairingCode: 'CODE-1' }),
  operatorAccess: 'members',
  memberIds: ['op-1', 'op-2'],
});
const CLOUD = inbox({
  id: 'cloud',
  kind: 'cloud-api',
  name: 'Loja Centro',
  primary: false,
  phone: null,
  status: status({ channel: 'cloud-api', reason: 'Token de acesso expirado' }),
  settings: { phoneNumberId: '777', accessToken: { set: true }, maxPerSecond: 20 },
});
const TEAM = [
  {
    id: 'op-1',
    name: 'Ana',
    email: 'ana@x.com',
    role: 'operator',
    avatar: null,
    disabled: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    lastSeenAt: null,
  },
  {
    id: 'op-2',
    name: 'Bruno',
    email: 'bruno@x.com',
    role: 'operator',
    avatar: null,
    disabled: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    lastSeenAt: null,
  },
];

function rowOf(name: string): HTMLElement {
  const row = screen.getAllByTestId('inbox-row').find((item) => item.textContent?.includes(name));
  if (!row) throw new Error(`sem linha para ${name}`);
  return row;
}

describe('InboxesCard (admin)', () => {
  it('lists each inbox with its kind, number, state, access and agent switch', async () => {
    signInAs('admin');
    mockApi({
      'GET /inboxes': [inbox(), SALES, CLOUD],
      'GET /inbox-kinds': KINDS,
      'GET /users': TEAM,
    });
    renderWithProviders(<InboxesCard />);

    const primary = await waitFor(() => rowOf('Atendimento'));
    expect(primary.textContent).toContain('Principal');
    expect(primary.textContent).toContain('Simulador');
    expect(primary.textContent).toContain('+55 11 90000-0001');
    expect(primary.textContent).toContain('Conectado');
    expect(primary.textContent).toContain('Todos os operadores');

    const sales = rowOf('Vendas');
    expect(sales.textContent).toContain('Aguardando leitura do QR');
    expect(sales.textContent).toContain('Sem número conectado');
    await waitFor(() => expect(within(sales).getByTestId('inbox-access').textContent).toBe('Ana e Bruno'));
    expect(within(sales).getByRole('button', { name: 'Conectar Vendas' })).toBeTruthy();

    const cloud = rowOf('Loja Centro');
    expect(cloud.textContent).toContain('WhatsApp Cloud API');
    expect(cloud.textContent).toContain('Desconectado');
    expect(within(cloud).getByTestId('inbox-reason').textContent).toBe('Token de acesso expirado');
    // A Cloud API number has nothing to pair.
    expect(within(cloud).queryByRole('button', { name: /^Conectar/ })).toBeNull();

    const agent = within(primary).getByRole('switch', { name: 'Agente de IA em Atendimento' });
    expect(agent.getAttribute('aria-checked')).toBe('true');
    expect((agent as HTMLButtonElement).disabled).toBe(false);
  });

  it('turns the agent off for one inbox', async () => {
    signInAs('admin');
    let current = [inbox()];
    const calls = mockApi({
      'GET /inboxes': () => current,
      'GET /inbox-kinds': KINDS,
      'PATCH /inboxes/default': ({ body }) => {
        current = [inbox({ agentEnabled: (body as { agentEnabled: boolean }).agentEnabled })];
        return current[0];
      },
    });
    renderWithProviders(<InboxesCard />);
    const agent = await screen.findByRole('switch', { name: 'Agente de IA em Atendimento' });
    fireEvent.click(agent);
    await waitFor(() => expect(agent.getAttribute('aria-checked')).toBe('false'));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ agentEnabled: false });
  });

  it("adds a Cloud API inbox from the kind's fields; a kind not installed cannot be chosen", async () => {
    signInAs('admin');
    const created: Inbox[] = [];
    const calls = mockApi({
      'GET /inboxes': () => [inbox(), ...created],
      'GET /inbox-kinds': KINDS,
      'GET /users': TEAM,
      'POST /inboxes': ({ body }) => {
        const request = body as { name: string };
        const added = inbox({ id: 'new', kind: 'cloud-api', name: request.name, primary: false });
        created.push(added);
        return added;
      },
    });
    renderWithProviders(<InboxesCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Adicionar caixa de entrada' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adicionar caixa de entrada' });

    const linked = await within(dialog).findByTestId('inbox-kind-whatsapp-web');
    expect(linked.textContent).toContain('Não instalado neste servidor');
    expect((within(linked).getByRole('radio') as HTMLInputElement).disabled).toBe(true);

    fireEvent.click(within(dialog).getByRole('radio', { name: /WhatsApp Cloud API/ }));
    const token = within(dialog).getByLabelText('Token de acesso *') as HTMLInputElement;
    expect(token.type).toBe('password');

    // Nothing filled in: the form says what is missing and sends nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar' }));
    await within(dialog).findByText('Informe um nome');
    expect(within(dialog).getAllByText('Campo obrigatório')).toHaveLength(2);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Nome'), { target: { value: 'Loja Centro' } });
    fireEvent.change(within(dialog).getByLabelText('ID do número *'), { target: { value: '123' } });
    fireEvent.change(token, { target: { value: 'segredo' } });
    fireEvent.change(within(dialog).getByLabelText('Envios por segundo'), { target: { value: '15' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: /Somente membros escolhidos/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      kind: 'cloud-api',
      name: 'Loja Centro',
      settings: { phoneNumberId: '123', accessToken: 'segredo', maxPerSecond: 15 },
      agentEnabled: true,
      operatorAccess: 'members',
      memberIds: [],
      autoAssign: false,
      assignCapacity: 10,
    });
    await waitFor(() => rowOf('Loja Centro'));
  });

  it('edits an inbox: a stored secret shows as saved and is kept when left empty', async () => {
    signInAs('admin');
    const calls = mockApi({
      'GET /inboxes': [CLOUD],
      'GET /inbox-kinds': KINDS,
      'PATCH /inboxes/cloud': ({ body }) => ({ ...CLOUD, ...(body as object) }),
    });
    renderWithProviders(<InboxesCard />);
    fireEvent.pointerDown(await screen.findByRole('button', { name: 'Ações de Loja Centro' }), {
      button: 0,
      ctrlKey: false,
    });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Loja Centro' });
    const token = (await within(dialog).findByLabelText('Token de acesso *')) as HTMLInputElement;
    expect(token.placeholder).toBe('••• salvo');
    expect(token.value).toBe('');
    expect((within(dialog).getByLabelText('ID do número *') as HTMLInputElement).value).toBe('777');

    fireEvent.change(within(dialog).getByLabelText('Nome'), { target: { value: 'Loja Sul' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      name: 'Loja Sul',
      settings: { phoneNumberId: '777', maxPerSecond: 20 },
      agentEnabled: true,
      operatorAccess: 'all',
      memberIds: [],
      autoAssign: false,
      assignCapacity: 10,
    });
  });

  it('turns automatic assignment on with a capacity between 1 and 50', async () => {
    signInAs('admin');
    const calls = mockApi({
      'GET /inboxes': [CLOUD],
      'GET /inbox-kinds': KINDS,
      'PATCH /inboxes/cloud': ({ body }) => ({ ...CLOUD, ...(body as object) }),
    });
    renderWithProviders(<InboxesCard />);
    fireEvent.pointerDown(await screen.findByRole('button', { name: 'Ações de Loja Centro' }), {
      button: 0,
      ctrlKey: false,
    });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Loja Centro' });
    expect(within(dialog).queryByLabelText('Conversas abertas por pessoa')).toBeNull();
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Atribuição automática' }));
    const capacity = within(dialog).getByLabelText('Conversas abertas por pessoa');
    fireEvent.change(capacity, { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await within(dialog).findByText('No mínimo 1 conversa');
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);

    fireEvent.change(capacity, { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({
      autoAssign: true,
      assignCapacity: 5,
    });
  });

  it('removes an inbox after a confirmation that says its history stays', async () => {
    signInAs('admin');
    let current = [inbox(), SALES];
    const calls = mockApi({
      'GET /inboxes': () => current,
      'GET /inbox-kinds': KINDS,
      'GET /users': TEAM,
      'DELETE /inboxes/sales': () => {
        current = [inbox()];
        return null;
      },
    });
    renderWithProviders(<InboxesCard />);
    fireEvent.pointerDown(await screen.findByRole('button', { name: 'Ações de Vendas' }), {
      button: 0,
      ctrlKey: false,
    });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Remover' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remover caixa de entrada' });
    expect(confirm.textContent).toContain('O histórico fica');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remover' }));
    await waitFor(() => expect(screen.queryAllByTestId('inbox-row')).toHaveLength(1));
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/inboxes/sales')).toBe(true);
  });
});

describe('InboxesCard (operator)', () => {
  it('is read-only: no adding, no actions, the agent switch only shows its state', async () => {
    signInAs('operator');
    const calls = mockApi({ 'GET /inboxes': [inbox({ agentEnabled: false }), SALES] });
    renderWithProviders(<InboxesCard />);
    await waitFor(() => rowOf('Vendas'));
    expect(screen.queryByRole('button', { name: 'Adicionar caixa de entrada' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Ações de/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Conectar/ })).toBeNull();
    const agent = screen.getByRole('switch', { name: 'Agente de IA em Atendimento' }) as HTMLButtonElement;
    expect(agent.disabled).toBe(true);
    expect(agent.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText(/Somente administradores/)).toBeTruthy();
    // Admin-only calls are never made.
    expect(calls.map((call) => call.path)).toEqual(['/inboxes']);
  });
});
