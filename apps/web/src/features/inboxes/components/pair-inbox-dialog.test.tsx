import type { Inbox } from '@atende/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getInboxesQueryOptions } from '@/lib/api/get-inboxes';
import { applyInboxStatus } from '@/lib/api/use-inboxes-realtime';
import { patchSession } from '@/lib/session';
import { mockApi, newQueryClient, renderWithProviders, signInAs } from '@/test/mock-api';
import { CONNECTED, inbox, KINDS, status } from '../test-support/inbox-fixtures';
import { InboxesCard } from './inboxes-card';

afterEach(() => {
  vi.restoreAllMocks();
  patchSession({ user: null, token: null, isAuthenticated: false, isLoading: false });
});

const LINKED = inbox({
  id: 'linked',
  kind: 'whatsapp-web',
  name: 'Suporte',
  primary: false,
  phone: null,
  status: status({ channel: 'whatsapp-web', state: 'qr', qr: 'qr-linked-1' }),
});
const KINDS_INSTALLED = KINDS.map((kind) => ({ ...kind, installed: true }));

async function openPairing(name: string) {
  const row = (await screen.findAllByTestId('inbox-row')).find((item) => item.textContent?.includes(name));
  if (!row) throw new Error(`sem linha para ${name}`);
  fireEvent.click(within(row).getByRole('button', { name: `Conectar ${name}` }));
  return screen.findByRole('dialog', { name: `Conectar ${name}` });
}

describe('pairing an inbox', () => {
  it('pairs a simulator inbox with the code its QR shows, and says when it is connected', async () => {
    signInAs('admin');
    let current: Inbox = inbox({
      id: 'second',
      name: 'Vendas',
      primary: false,
      phone: null,
      status: status({ state: 'qr', qr: 'sim-qr', pairingCode: 'PAIR-2' }),
    });
    const calls = mockApi({
      'GET /inboxes': () => [inbox(), current],
      'GET /inbox-kinds': KINDS,
      'POST /simulator/pair': () => {
        current = { ...current, status: { ...CONNECTED, phone: '5511900000002' }, phone: '5511900000002' };
        return CONNECTED;
      },
    });
    renderWithProviders(<InboxesCard />);
    const dialog = await openPairing('Vendas');
    await within(dialog).findByTestId('inbox-qr');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Parear simulador' }));
    await within(dialog).findByTestId('pair-connected');
    expect(dialog.textContent).toContain('Número +55 11 90000-0002 recebendo');
    expect(calls.find((call) => call.path === '/simulator/pair')?.body).toEqual({ code: 'PAIR-2' });
  });

  it('shows each new QR as inbox:status brings it, and the connection when the phone scans it', async () => {
    signInAs('admin');
    mockApi({ 'GET /inboxes': [inbox(), LINKED], 'GET /inbox-kinds': KINDS_INSTALLED });
    const client = newQueryClient();
    renderWithProviders(<InboxesCard />, client);
    const dialog = await openPairing('Suporte');
    const qr = (await within(dialog).findByTestId('inbox-qr')) as HTMLImageElement;
    const first = qr.src;

    // What the realtime hook does with an `inbox:status` event.
    const key = getInboxesQueryOptions().queryKey;
    const next = status({ channel: 'whatsapp-web', state: 'qr', qr: 'qr-linked-2' });
    client.setQueryData(key, (list) => applyInboxStatus(list, 'linked', next));
    await waitFor(() =>
      expect((within(dialog).getByTestId('inbox-qr') as HTMLImageElement).src).not.toBe(first),
    );

    const linked = { ...CONNECTED, channel: 'whatsapp-web', phone: '5521988887777' };
    client.setQueryData(key, (list) => applyInboxStatus(list, 'linked', linked));
    await within(dialog).findByTestId('pair-connected');
    expect(dialog.textContent).toContain('Número +55 21 98888-7777 recebendo');
    // The list's row took the number too.
    expect(client.getQueryData(key)?.find((item) => item.id === 'linked')?.phone).toBe('5521988887777');
  });

  it('links a device with an 8-character pairing code instead of the QR', async () => {
    signInAs('admin');
    const calls = mockApi({
      'GET /inboxes': [inbox(), LINKED],
      'GET /inbox-kinds': KINDS_INSTALLED,
      'POST /inboxes/linked/pairing-code': { code: 'ABCD1234' },
    });
    renderWithProviders(<InboxesCard />);
    const dialog = await openPairing('Suporte');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Usar código de pareamento' }));
    const phone = within(dialog).getByLabelText('Número do WhatsApp');

    fireEvent.change(phone, { target: { value: '1234' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Gerar código' }));
    await within(dialog).findByText(/Telefone inválido: informe DDD e número/);
    expect(calls.some((call) => call.path.endsWith('/pairing-code'))).toBe(false);

    fireEvent.change(phone, { target: { value: '+55 (21) 98888-7777' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Gerar código' }));
    expect((await within(dialog).findByTestId('pairing-code-value')).textContent).toBe('ABCD-1234');
    expect(calls.find((call) => call.path.endsWith('/pairing-code'))?.body).toEqual({
      phone: '5521988887777',
    });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Usar o QR code' }));
    await within(dialog).findByTestId('inbox-qr');
  });

  it('shows the pairing code the linked inbox already carries, without asking for another', async () => {
    signInAs('admin');
    const waiting = { ...LINKED, status: { ...LINKED.status, pairingCode: 'WXYZ9876' } };
    const calls = mockApi({ 'GET /inboxes': [inbox(), waiting], 'GET /inbox-kinds': KINDS_INSTALLED });
    renderWithProviders(<InboxesCard />);
    const dialog = await openPairing('Suporte');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Usar código de pareamento' }));
    expect(within(dialog).getByTestId('pairing-code-value').textContent).toBe('WXYZ-9876');
    expect(calls.some((call) => call.path.endsWith('/pairing-code'))).toBe(false);
  });

  it('an expired QR says so, and its button asks for a new one', async () => {
    signInAs('admin');
    const expired = inbox({
      ...LINKED,
      status: status({
        channel: 'whatsapp-web',
        state: 'disconnected',
        qr: null,
        problem: 'qr_expired',
        reason: 'Ninguém leu o QR code a tempo e ele expirou.',
      }),
    });
    const calls = mockApi({
      'GET /inboxes': [inbox(), expired],
      'GET /inbox-kinds': KINDS_INSTALLED,
      'POST /inboxes/linked/reconnect': expired,
    });
    renderWithProviders(<InboxesCard />);
    const row = (await screen.findAllByTestId('inbox-row')).find((item) =>
      item.textContent?.includes('Suporte'),
    );
    expect(row?.textContent).toContain('QR expirado');
    const dialog = await openPairing('Suporte');
    expect(within(dialog).getByText('QR expirado')).toBeTruthy();
    expect(within(dialog).getByText('Ninguém leu o QR code a tempo e ele expirou.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Gerar novo QR code' }));
    await waitFor(() => expect(calls.some((call) => call.path === '/inboxes/linked/reconnect')).toBe(true));
  });

  it('a simulator QR has no pairing-code option', async () => {
    signInAs('admin');
    mockApi({
      'GET /inboxes': [inbox({ status: status({ state: 'qr', qr: 'q', pairingCode: 'P' }) })],
      'GET /inbox-kinds': KINDS,
    });
    renderWithProviders(<InboxesCard />);
    const dialog = await openPairing('Atendimento');
    await within(dialog).findByTestId('inbox-qr');
    expect(within(dialog).queryByRole('button', { name: 'Usar código de pareamento' })).toBeNull();
  });
});

describe('applyInboxStatus', () => {
  it('changes only the inbox named, and keeps a known number while the new status has none', () => {
    const list = [inbox(), LINKED];
    const down = status({ reason: 'Sem rede' });
    const next = applyInboxStatus(list, 'default', down);
    expect(next?.[0]?.status).toEqual(down);
    expect(next?.[0]?.phone).toBe('5511900000001');
    expect(next?.[1]).toBe(LINKED);
    expect(applyInboxStatus(list, 'unknown', down)).toBe(list);
    expect(applyInboxStatus(undefined, 'default', down)).toBeUndefined();
  });
});
