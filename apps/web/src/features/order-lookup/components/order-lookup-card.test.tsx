import { INVALID_PHONE, type OrderLookupView } from '@atende/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failWith, mockApi, renderWithProviders, signInAs, signOut } from '@/test/mock-api';
import { OrderLookupCard } from './order-lookup-card';

afterEach(() => {
  vi.restoreAllMocks();
  signOut();
});

const EMPTY: OrderLookupView = {
  enabled: false,
  urlTemplate: '',
  replyTemplate: '',
  headers: [],
  updatedAt: null,
};
const SAVED: OrderLookupView = {
  enabled: true,
  urlTemplate: 'https://loja.com.br/api/pedidos/{pedido}?tel={telefone}',
  replyTemplate: 'O pedido {{numero}} está {{status}}.',
  headers: [{ name: 'Authorization', value: { isSet: true, masked: '••••c123' } }],
  updatedAt: '2026-05-18T12:00:00.000Z',
};

describe('OrderLookupCard', () => {
  it('is not there for an operator, and asks the server nothing', () => {
    signInAs('operator');
    const calls = mockApi({});
    const { container } = renderWithProviders(<OrderLookupCard />);
    expect(container.textContent).toBe('');
    expect(calls).toHaveLength(0);
  });

  it('configures a lookup from nothing: URL with placeholders, a write-only header, the reply template', async () => {
    signInAs('admin');
    let current = EMPTY;
    const calls = mockApi({
      'GET /integrations/order-lookup': () => current,
      'PUT /integrations/order-lookup': ({ body }) => {
        const input = body as {
          enabled: boolean;
          urlTemplate: string;
          replyTemplate: string;
          headers: Array<{ name: string; value: string }>;
        };
        current = {
          ...input,
          headers: input.headers.map((h) => ({
            name: h.name,
            value: { isSet: true, masked: `••••${h.value.slice(-4)}` },
          })),
          updatedAt: new Date().toISOString(),
        };
        return current;
      },
    });
    renderWithProviders(<OrderLookupCard />);
    expect(await screen.findByText('Nenhuma consulta configurada')).toBeTruthy();
    expect(screen.getByText('Desligada')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Configurar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Configurar consulta de pedidos' });

    const url = within(dialog).getByLabelText('URL da consulta') as HTMLInputElement;
    fireEvent.change(url, { target: { value: 'https://loja.com.br/api/pedidos/' } });
    url.setSelectionRange(url.value.length, url.value.length);
    fireEvent.click(within(dialog).getByRole('button', { name: '{pedido}' }));
    expect(url.value).toBe('https://loja.com.br/api/pedidos/{pedido}');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar cabeçalho' }));
    fireEvent.change(within(dialog).getByLabelText('Nome do cabeçalho 1'), {
      target: { value: 'Authorization' },
    });
    const value = within(dialog).getByLabelText('Valor do cabeçalho 1') as HTMLInputElement;
    expect(value.type).toBe('password');
    fireEvent.change(value, { target: { value: 'Bearer loja-abc123' } });

    fireEvent.change(within(dialog).getByLabelText('Modelo de resposta'), {
      target: { value: 'O pedido {{numero}} está {{status}}. Rastreio: {{entrega.codigo}}.' },
    });
    expect(within(dialog).getByText('Campos usados:').textContent).toContain('numero');
    expect(within(dialog).getByText('entrega.codigo')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Consulta ligada' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      enabled: true,
      urlTemplate: 'https://loja.com.br/api/pedidos/{pedido}',
      replyTemplate: 'O pedido {{numero}} está {{status}}. Rastreio: {{entrega.codigo}}.',
      headers: [{ name: 'Authorization', value: 'Bearer loja-abc123' }],
    });
    const card = screen.getByTestId('order-lookup-card');
    expect(card.textContent).toContain('Ligada');
    expect(card.textContent).toContain('Authorization: ••••c123');
    // The header's value is never on the screen.
    expect(document.body.textContent).not.toContain('loja-abc123');
  });

  it('keeps a stored header value by sending it back masked, and refuses turning on without a reply', async () => {
    signInAs('admin');
    const calls = mockApi({
      'GET /integrations/order-lookup': SAVED,
      'PUT /integrations/order-lookup': ({ body }) => ({
        ...SAVED,
        ...(body as object),
        headers: SAVED.headers,
      }),
    });
    renderWithProviders(<OrderLookupCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Configurar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Configurar consulta de pedidos' });
    const value = within(dialog).getByLabelText('Valor do cabeçalho 1') as HTMLInputElement;
    expect(value.value).toBe('');
    expect(value.placeholder).toBe('••••c123 (guardado)');

    fireEvent.change(within(dialog).getByLabelText('Modelo de resposta'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Informe o modelo de resposta')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Modelo de resposta'), {
      target: { value: 'Pedido {{numero}}: {{status}}' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      headers: [{ name: 'Authorization', value: { isSet: true, masked: '••••c123' } }],
    });
  });

  it('turns the lookup off from the card’s switch, keeping the rest', async () => {
    signInAs('admin');
    let current = SAVED;
    const calls = mockApi({
      'GET /integrations/order-lookup': () => current,
      'PUT /integrations/order-lookup': ({ body }) => {
        current = { ...SAVED, enabled: (body as { enabled: boolean }).enabled };
        return current;
      },
    });
    renderWithProviders(<OrderLookupCard />);
    const toggle = await screen.findByRole('switch', { name: 'Consulta ligada' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      enabled: false,
      urlTemplate: SAVED.urlTemplate,
      replyTemplate: SAVED.replyTemplate,
      headers: [{ name: 'Authorization', value: { isSet: true, masked: '••••c123' } }],
    });
    expect(screen.getByText('Desligada')).toBeTruthy();
  });

  it('"Testar consulta" shows the filled reply and the answer’s fields', async () => {
    signInAs('admin');
    const calls = mockApi({
      'GET /integrations/order-lookup': SAVED,
      'POST /integrations/order-lookup/test': {
        outcome: 'found',
        reply: 'O pedido 1234 está enviado.',
        fields: [
          { path: 'numero', value: '1234' },
          { path: 'status', value: 'enviado' },
        ],
        durationMs: 87,
      },
    });
    renderWithProviders(<OrderLookupCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Testar consulta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Testar consulta' });
    const phone = within(dialog).getByLabelText('Telefone do cliente');
    fireEvent.change(within(dialog).getByLabelText('Número do pedido'), { target: { value: '1234' } });
    // A number that is not one is refused on its field, and the store is not called.
    fireEvent.change(phone, { target: { value: '1199' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Testar' }));
    expect(await within(dialog).findByText(INVALID_PHONE)).toBeTruthy();
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    // Typed the way people write it, it reaches the store as the stored digits.
    fireEvent.change(phone, { target: { value: '+55 11 99999-0000' } });
    expect(within(dialog).queryByText(INVALID_PHONE)).toBeNull();
    expect(dialog.textContent).toContain('https://loja.com.br/api/pedidos/1234?tel=5511999990000');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Testar' }));

    const result = await within(dialog).findByTestId('order-lookup-result');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      phone: '5511999990000',
      order: '1234',
    });
    expect(result.textContent).toContain('Pedido encontrado');
    expect(result.textContent).toContain('87 ms');
    expect(within(result).getByTestId('order-lookup-reply').textContent).toBe('O pedido 1234 está enviado.');
    expect(within(result).getByText('status').nextElementSibling?.textContent).toBe('enviado');
  });

  it('"Testar consulta" says why the agent would hand off: not found, timeout', async () => {
    signInAs('admin');
    let outcome: 'not_found' | 'timeout' = 'not_found';
    mockApi({
      'GET /integrations/order-lookup': SAVED,
      'POST /integrations/order-lookup/test': () =>
        outcome === 'not_found'
          ? { outcome, reason: 'pedido não encontrado na loja', durationMs: 12 }
          : { outcome, reason: 'a loja não respondeu em 3 s', durationMs: 3001 },
    });
    renderWithProviders(<OrderLookupCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Testar consulta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Testar consulta' });
    fireEvent.change(within(dialog).getByLabelText('Telefone do cliente'), {
      target: { value: '5511999990000' },
    });
    fireEvent.change(within(dialog).getByLabelText('Número do pedido'), { target: { value: '9' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Testar' }));
    let result = await within(dialog).findByTestId('order-lookup-result');
    expect(result.textContent).toContain('Não encontrado');
    expect(result.textContent).toContain('consulta ao pedido: pedido não encontrado na loja');

    outcome = 'timeout';
    fireEvent.click(within(dialog).getByRole('button', { name: 'Testar' }));
    await waitFor(() =>
      expect(within(dialog).getByTestId('order-lookup-result').textContent).toContain('Tempo esgotado'),
    );
    result = within(dialog).getByTestId('order-lookup-result');
    expect(result.textContent).toContain('A loja não respondeu em 3 s');
  });

  it('shows a refusal of the test (nothing saved yet) in the dialog', async () => {
    signInAs('admin');
    mockApi({
      'GET /integrations/order-lookup': SAVED,
      'POST /integrations/order-lookup/test': failWith(409, 'Salve a URL da consulta antes de testar'),
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderWithProviders(<OrderLookupCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Testar consulta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Testar consulta' });
    fireEvent.change(within(dialog).getByLabelText('Telefone do cliente'), {
      target: { value: '5511999990000' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Testar' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Salve a URL da consulta antes de testar',
    );
  });
});
