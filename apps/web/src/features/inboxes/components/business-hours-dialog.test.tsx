import { type BusinessHours, businessHoursSchema } from '@atende/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toast } from '@/components/ui';
import { type ApiCall, mockApi, renderWithProviders, signedInFor } from '@/test/mock-api';
import { inbox, KINDS } from '../test-support/inbox-fixtures';
import { InboxesCard } from './inboxes-card';

const SALES = inbox({ id: 'sales', name: 'Vendas' });
const DEFAULTS: BusinessHours = businessHoursSchema.parse({});

signedInFor('admin');

async function openHours(): Promise<HTMLElement> {
  fireEvent.pointerDown(await screen.findByRole('button', { name: 'Ações de Vendas' }), {
    button: 0,
    ctrlKey: false,
  });
  fireEvent.click(await screen.findByRole('menuitem', { name: 'Horário de atendimento' }));
  const dialog = await screen.findByRole('dialog', { name: 'Horário de atendimento — Vendas' });
  await within(dialog).findByTestId('business-hours-form');
  return dialog;
}

describe('business hours per inbox', () => {
  it('edits the week, the holidays, the time zone and the messages, and saves them', async () => {
    const calls = mockApi({
      'GET /inboxes': [SALES],
      'GET /inbox-kinds': KINDS,
      'GET /inboxes/sales/business-hours': DEFAULTS,
      'PUT /inboxes/sales/business-hours': ({ body }: ApiCall) => body,
    });
    renderWithProviders(<InboxesCard />);
    const dialog = await openHours();

    fireEvent.click(within(dialog).getByRole('switch', { name: 'Usar horário de atendimento' }));
    // The time zone is a list, never free text.
    const zone = within(dialog).getByLabelText('Fuso horário') as HTMLSelectElement;
    expect(zone.tagName).toBe('SELECT');
    fireEvent.change(zone, { target: { value: 'America/Manaus' } });

    // Monday gets a lunch break, copied to the weekdays; Saturday opens in the morning.
    fireEvent.change(within(dialog).getByLabelText('Segunda: fim do intervalo 1'), {
      target: { value: '12:00' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar intervalo a segunda' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copiar segunda para terça a sexta' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar intervalo a sábado' }));
    fireEvent.change(within(dialog).getByLabelText('Sábado: fim do intervalo 1'), {
      target: { value: '12:00' },
    });

    fireEvent.click(within(dialog).getByRole('button', { name: /Adicionar feriados nacionais de/ }));
    expect(within(dialog).getAllByTestId('holiday-row')).toHaveLength(10);
    expect(
      (within(dialog).getByRole('button', { name: /Adicionar feriados nacionais de/ }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Mensagem fora do horário'), {
      target: { value: 'Voltamos às 8h, {primeiro_nome}!' },
    });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar horário' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const sent = calls.find((c) => c.method === 'PUT')?.body as BusinessHours;
    expect(sent.enabled).toBe(true);
    expect(sent.timeZone).toBe('America/Manaus');
    const split = [
      { from: '08:00', to: '12:00' },
      { from: '13:00', to: '17:00' },
    ];
    expect(sent.week).toEqual([[], split, split, split, split, split, [{ from: '08:00', to: '12:00' }]]);
    expect(sent.holidays).toHaveLength(10);
    expect(sent.holidays[0]?.name).toBe('Confraternização Universal');
    expect(sent.outOfOffice).toBe('Voltamos às 8h, {primeiro_nome}!');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toast.success).toHaveBeenCalledWith('Horário de atendimento salvo');
  });

  it('says under the interval when it ends before it starts, and under a holiday without a date', async () => {
    const calls = mockApi({
      'GET /inboxes': [SALES],
      'GET /inbox-kinds': KINDS,
      'GET /inboxes/sales/business-hours': DEFAULTS,
    });
    renderWithProviders(<InboxesCard />);
    const dialog = await openHours();
    fireEvent.change(within(dialog).getByLabelText('Terça: fim do intervalo 1'), {
      target: { value: '07:00' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar feriado' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar horário' }));
    expect(await within(dialog).findByText('O fim deve vir depois do início')).toBeTruthy();
    expect(within(dialog).getByText('Informe a data')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    // Fixed, the message goes away as the value changes.
    fireEvent.change(within(dialog).getByLabelText('Terça: fim do intervalo 1'), {
      target: { value: '18:00' },
    });
    await waitFor(() => expect(within(dialog).queryByText('O fim deve vir depois do início')).toBeNull());
  });
});
