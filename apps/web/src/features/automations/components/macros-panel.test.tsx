import type { Macro } from '@atende/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui';
import { type ApiCall, mockApi, renderWithProviders, signInAs, signOut } from '@/test/mock-api';
import { CATALOG_ROUTES, macro } from '../test-support/fixtures';
import MacrosPanel from './macros-panel';

const openMenu = async (name: string) =>
  fireEvent.pointerDown(await screen.findByRole('button', { name }), { button: 0, ctrlKey: false });

beforeEach(() => {
  vi.spyOn(toast, 'success').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
  signOut();
});

describe('the macros screen', () => {
  it('shows an operator the team’s macros read-only and lets them write a personal one', async () => {
    signInAs('operator');
    const mine = macro({
      id: 'm-mine',
      name: 'Pedir CPF',
      shared: false,
      ownerId: 'op-1',
      actions: [{ type: 'add_note', text: 'CPF pedido' }],
    });
    let list: Macro[] = [macro(), mine];
    const calls = mockApi({
      ...CATALOG_ROUTES,
      'GET /macros': () => list,
      'POST /macros': ({ body }: ApiCall) => {
        const created = macro({ id: 'm-new', ownerId: 'op-1', ...(body as object) });
        list = [...list, created];
        return created;
      },
    } as Parameters<typeof mockApi>[0]);
    renderWithProviders(<MacrosPanel />);
    const rows = await screen.findAllByTestId('macro-row');
    await waitFor(() =>
      expect(rows[0]?.textContent).toContain(
        'adicionar etiqueta Financeiro, enviar a resposta rápida /boleto e finalizar a conversa.',
      ),
    );
    expect(rows[0]?.textContent).toContain('Da equipe');
    expect(within(rows[0] as HTMLElement).queryByRole('button', { name: /Editar/ })).toBeNull();
    expect(within(rows[1] as HTMLElement).getByRole('button', { name: 'Editar Pedir CPF' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Nova macro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova macro' });
    // Only admins share macros with the team.
    expect(within(dialog).queryByRole('switch', { name: 'Compartilhar com a equipe' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Criar macro' }));
    expect(await within(dialog).findByText('Dê um nome à macro')).toBeTruthy();
    expect(within(dialog).getByText('Inclua pelo menos uma ação')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText(/^Nome/), { target: { value: 'Boleto enviado' } });
    await openMenu('Adicionar ação');
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Adicionar etiqueta' }));
    await openMenu('Adicionar ação');
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Enviar resposta rápida' }));
    await openMenu('Adicionar ação');
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Finalizar' }));
    expect(within(dialog).getByTestId('macro-summary').textContent).toBe(
      'Ao rodar: adicionar etiqueta Financeiro, enviar a resposta rápida /boleto e finalizar a conversa.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Criar macro' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Boleto enviado',
      shared: false,
      actions: [
        { type: 'add_label', labelId: 'l-fin' },
        { type: 'send_canned_reply', cannedReplyId: 'c-boleto' },
        { type: 'resolve' },
      ],
    });
    await waitFor(() => expect(screen.getAllByTestId('macro-row')).toHaveLength(3));
  });

  it('teaches what a macro is when there is none', async () => {
    signInAs('admin');
    mockApi({ ...CATALOG_ROUTES, 'GET /macros': [] } as Parameters<typeof mockApi>[0]);
    renderWithProviders(<MacrosPanel />);
    expect(await screen.findByText('Nenhuma macro ainda')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Criar a primeira macro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova macro' });
    expect(within(dialog).getByRole('switch', { name: 'Compartilhar com a equipe' })).toBeTruthy();
  });
});
