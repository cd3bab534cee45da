import { DOMAIN_EVENT_TYPES, type WebhookDelivery, type WebhookEndpoint } from '@atende/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failWith, mockApi, renderWithProviders, signInAs, signOut } from '@/test/mock-api';
import { WebhooksCard } from './webhooks-card';

afterEach(() => {
  vi.restoreAllMocks();
  signOut();
});

const SECRET = 'whsec_c2VncmVkby1kZS10ZXN0ZS0xMjM0NTY3ODkw';

function endpoint(overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  return {
    id: 'e1',
    url: 'https://n8n.loja.com.br/webhook/atende',
    description: 'n8n — pedidos',
    events: ['message.received', 'message.sent'],
    enabled: true,
    disabledReason: null,
    failingSince: null,
    secretHint: 'whsec_…7890',
    createdAt: '2026-05-01T12:00:00.000Z',
    lastDelivery: null,
    ...overrides,
  };
}

function delivery(overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id: 'd1',
    eventType: 'message.received',
    status: 'delivered',
    attempts: 1,
    responseStatus: 204,
    error: null,
    createdAt: '2026-05-18T14:00:00.000Z',
    lastAttemptAt: '2026-05-18T14:00:01.000Z',
    nextAttemptAt: null,
    durationMs: 42,
    ...overrides,
  };
}

const DISABLED = endpoint({
  id: 'e2',
  url: 'https://erp.loja.com.br/hooks',
  description: '',
  // Every event there is: shown as "Todos os eventos".
  events: Object.keys(DOMAIN_EVENT_TYPES) as WebhookEndpoint['events'],
  enabled: false,
  failingSince: '2026-05-17T10:00:00.000Z',
  disabledReason: 'Desativado automaticamente: todas as entregas falharam por mais de 24 horas',
});

function rowOf(text: string): HTMLElement {
  const row = screen.getAllByTestId('webhook-row').find((item) => item.textContent?.includes(text));
  if (!row) throw new Error(`sem linha com ${text}`);
  return row;
}

async function openMenu(name: string) {
  fireEvent.pointerDown(await screen.findByRole('button', { name }), { button: 0, ctrlKey: false });
}

describe('WebhooksCard', () => {
  it('is not there for an operator, and asks the server nothing', () => {
    signInAs('operator');
    const calls = mockApi({});
    const { container } = renderWithProviders(<WebhooksCard />);
    expect(container.textContent).toBe('');
    expect(calls).toHaveLength(0);
  });

  it('lists each endpoint with its events and state, and says why one was turned off', async () => {
    signInAs('admin');
    mockApi({ 'GET /integrations/webhooks': [endpoint(), DISABLED] });
    renderWithProviders(<WebhooksCard />);

    const active = await waitFor(() => rowOf('n8n — pedidos'));
    expect(active.textContent).toContain('https://n8n.loja.com.br/webhook/atende');
    expect(active.textContent).toContain('2 eventos: Mensagem recebida, Mensagem enviada');
    expect(active.textContent).toContain('Ativo');
    expect(active.textContent).toContain('whsec_…7890');
    expect(within(active).queryByRole('button', { name: 'Reativar' })).toBeNull();

    // No description: named by its host.
    const off = rowOf('erp.loja.com.br');
    expect(off.textContent).toContain('Todos os eventos');
    expect(off.textContent).toContain('Desativado após falhas');
    expect(within(off).getByTestId('webhook-state-detail').textContent).toBe(
      'Desativado automaticamente: todas as entregas falharam por mais de 24 horas',
    );
    expect(within(off).getByRole('button', { name: 'Reativar' })).toBeTruthy();
  });

  it('creates an endpoint and shows its secret once, with a copy button and the header scheme', async () => {
    signInAs('admin');
    const created: WebhookEndpoint[] = [];
    const calls = mockApi({
      'GET /integrations/webhooks': () => created,
      'POST /integrations/webhooks': ({ body }) => {
        const input = body as { url: string; description: string; events: WebhookEndpoint['events'] };
        const row = endpoint({ id: 'new', ...input });
        created.push(row);
        return { endpoint: row, secret: SECRET };
      },
    });
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithProviders(<WebhooksCard />);

    expect(await screen.findByText('Nenhum webhook')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar webhook' }));
    const form = await screen.findByRole('dialog', { name: 'Adicionar webhook' });
    expect(within(form).getByRole('group', { name: 'Eventos' })).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('URL'), {
      target: { value: ' https://hooks.exemplo.com.br/atende ' },
    });
    fireEvent.change(within(form).getByLabelText('Descrição (opcional)'), { target: { value: 'Make' } });
    // Messages come ticked; add the hand-offs, drop sent messages.
    fireEvent.click(within(form).getByRole('checkbox', { name: /Conversa transferida/ }));
    fireEvent.click(within(form).getByRole('checkbox', { name: /Mensagem enviada/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Adicionar' }));

    const shown = await screen.findByRole('dialog', { name: 'Webhook criado' });
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      url: 'https://hooks.exemplo.com.br/atende',
      description: 'Make',
      events: ['message.received', 'conversation.handed_off'],
    });
    expect((within(shown).getByLabelText('Segredo de assinatura') as HTMLInputElement).value).toBe(SECRET);
    expect(shown.textContent).toContain('não será mostrado de novo');
    expect(shown.textContent).toContain('webhook-signature');
    expect(shown.textContent).toContain('HMAC-SHA256');
    fireEvent.click(within(shown).getByRole('button', { name: 'Copiar' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(SECRET));
    expect(await within(shown).findByRole('button', { name: 'Copiado' })).toBeTruthy();

    fireEvent.click(within(shown).getByRole('button', { name: 'Concluir' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Gone for good: the list never carries the secret.
    expect(document.body.textContent).not.toContain(SECRET);
    expect(rowOf('Make').textContent).toContain('https://hooks.exemplo.com.br/atende');
  });

  it('checks the form before sending: a bad URL and no events are refused in pt-BR', async () => {
    signInAs('admin');
    const calls = mockApi({ 'GET /integrations/webhooks': [] });
    renderWithProviders(<WebhooksCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Adicionar webhook' }));
    const form = await screen.findByRole('dialog', { name: 'Adicionar webhook' });
    fireEvent.change(within(form).getByLabelText('URL'), { target: { value: 'ftp://x.com' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Marcar todos' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Desmarcar todos' }));
    expect(
      within(form)
        .getAllByRole('checkbox')
        .every((box) => !(box as HTMLInputElement).checked),
    ).toBe(true);
    fireEvent.click(within(form).getByRole('button', { name: 'Adicionar' }));
    expect(await within(form).findByText('Informe uma URL http:// ou https://')).toBeTruthy();
    expect(within(form).getByText('Escolha ao menos um evento')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it("puts the server's refusal on the field it names, and keeps the form open", async () => {
    signInAs('admin');
    mockApi({
      'GET /integrations/webhooks': [],
      'POST /integrations/webhooks': failWith(
        400,
        'Dados inválidos — url: A URL não pode conter usuário e senha',
      ),
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderWithProviders(<WebhooksCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Adicionar webhook' }));
    const form = await screen.findByRole('dialog', { name: 'Adicionar webhook' });
    const url = within(form).getByLabelText('URL');
    fireEvent.change(url, { target: { value: 'https://hooks.exemplo.com.br/x' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Adicionar' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'A URL não pode conter usuário e senha',
    );
    expect(url.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('dialog', { name: 'Adicionar webhook' })).toBeTruthy();
  });

  it('edits the URL and events of an endpoint', async () => {
    signInAs('admin');
    const calls = mockApi({
      'GET /integrations/webhooks': [endpoint()],
      'PATCH /integrations/webhooks/e1': ({ body }) => endpoint(body as Partial<WebhookEndpoint>),
    });
    renderWithProviders(<WebhooksCard />);
    await openMenu('Ações do webhook n8n — pedidos');
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Editar' }));
    const form = await screen.findByRole('dialog', { name: 'Editar webhook' });
    expect((within(form).getByLabelText('URL') as HTMLInputElement).value).toBe(
      'https://n8n.loja.com.br/webhook/atende',
    );
    fireEvent.change(within(form).getByLabelText('URL'), { target: { value: 'https://n8n.loja.com.br/v2' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: /Cliente atualizado/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      url: 'https://n8n.loja.com.br/v2',
      description: 'n8n — pedidos',
      events: ['message.received', 'message.sent', 'client.updated'],
    });
  });

  it('rotates the secret after a warning and shows the new one', async () => {
    signInAs('admin');
    const calls = mockApi({
      'GET /integrations/webhooks': [endpoint()],
      'POST /integrations/webhooks/e1/rotate-secret': {
        endpoint: endpoint({ secretHint: 'whsec_…NOVO' }),
        secret: 'whsec_bm92by1zZWdyZWRvLU5PVk8=',
      },
    });
    renderWithProviders(<WebhooksCard />);
    await openMenu('Ações do webhook n8n — pedidos');
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Gerar novo segredo' }));
    const warning = await screen.findByRole('dialog', { name: 'Gerar novo segredo' });
    expect(warning.textContent).toContain('deixa de valer na hora');
    fireEvent.click(within(warning).getByRole('button', { name: 'Gerar novo segredo' }));
    const shown = await screen.findByRole('dialog', { name: 'Novo segredo gerado' });
    expect((within(shown).getByLabelText('Segredo de assinatura') as HTMLInputElement).value).toBe(
      'whsec_bm92by1zZWdyZWRvLU5PVk8=',
    );
    expect(calls.filter((call) => call.path.endsWith('/rotate-secret'))).toHaveLength(1);
  });

  it('deletes an endpoint only after confirming', async () => {
    signInAs('admin');
    let current = [endpoint(), DISABLED];
    const calls = mockApi({
      'GET /integrations/webhooks': () => current,
      'DELETE /integrations/webhooks/e1': () => {
        current = [DISABLED];
        return null;
      },
    });
    renderWithProviders(<WebhooksCard />);
    await openMenu('Ações do webhook n8n — pedidos');
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Excluir' }));
    let confirm = await screen.findByRole('dialog', { name: 'Excluir webhook' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await openMenu('Ações do webhook n8n — pedidos');
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Excluir' }));
    confirm = await screen.findByRole('dialog', { name: 'Excluir webhook' });
    expect(confirm.textContent).toContain('registro de entregas é apagado');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(screen.queryAllByTestId('webhook-row')).toHaveLength(1));
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/integrations/webhooks/e1',
    ]);
  });

  it('turns an endpoint off from its menu and back on with Reativar', async () => {
    signInAs('admin');
    let current = endpoint();
    const calls = mockApi({
      'GET /integrations/webhooks': () => [current],
      'PATCH /integrations/webhooks/e1': ({ body }) => {
        const { enabled } = body as { enabled: boolean };
        current = endpoint({
          enabled,
          disabledReason: enabled ? null : 'Desativado por um administrador',
        });
        return current;
      },
    });
    renderWithProviders(<WebhooksCard />);
    await openMenu('Ações do webhook n8n — pedidos');
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Desativar' }));
    const reactivate = await screen.findByRole('button', { name: 'Reativar' });
    expect(rowOf('n8n').textContent).toContain('Desativado por um administrador');
    fireEvent.click(reactivate);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Reativar' })).toBeNull());
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { enabled: false },
      { enabled: true },
    ]);
  });

  it('opens the delivery log: state, answer code, time, attempts, and Reenviar', async () => {
    signInAs('admin');
    let log = [
      delivery({
        id: 'd2',
        eventType: 'conversation.handed_off',
        status: 'failed',
        attempts: 8,
        responseStatus: 500,
        error: 'O endpoint respondeu HTTP 500',
      }),
      delivery({
        id: 'd3',
        status: 'pending',
        attempts: 2,
        responseStatus: null,
        nextAttemptAt: '2026-05-18T14:16:00.000Z',
        error: 'Sem resposta em 10 s',
      }),
      delivery(),
    ];
    const calls = mockApi({
      'GET /integrations/webhooks': [endpoint()],
      'GET /integrations/webhooks/e1/deliveries': () => log,
      'POST /integrations/webhooks/e1/deliveries/d2/resend': () => {
        log = log.map((item) => (item.id === 'd2' ? { ...item, status: 'pending' as const } : item));
        return log[0];
      },
    });
    renderWithProviders(<WebhooksCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Entregas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Entregas do webhook' });
    const rows = await within(dialog).findAllByTestId('webhook-delivery');
    expect(rows).toHaveLength(3);
    const [failed, retrying, delivered] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(failed.textContent).toContain('Conversa transferida para atendimento humano');
    expect(failed.textContent).toContain('Falhou');
    expect(failed.textContent).toContain('HTTP 500');
    expect(failed.textContent).toContain('8 tentativas');
    expect(failed.textContent).toContain('O endpoint respondeu HTTP 500');
    expect(failed.textContent).toMatch(/18\/05\/2026 às \d{2}:00/);
    expect(retrying.textContent).toContain('Nova tentativa');
    expect(retrying.textContent).toContain('Próxima tentativa às');
    // Already queued: nothing to resend.
    expect(within(retrying).queryByRole('button', { name: /^Reenviar/ })).toBeNull();
    expect(delivered.textContent).toContain('Entregue');
    expect(delivered.textContent).toContain('HTTP 204');
    expect(delivered.textContent).toContain('1 tentativa');

    fireEvent.click(within(failed).getByRole('button', { name: /^Reenviar/ }));
    await waitFor(() =>
      expect(
        within(within(dialog).getAllByTestId('webhook-delivery')[0] as HTMLElement).queryByRole('button', {
          name: /^Reenviar/,
        }),
      ).toBeNull(),
    );
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/integrations/webhooks/e1/deliveries/d2/resend',
    ]);
  });

  it('a disabled endpoint’s log says to reactivate it first, and its Reenviar is off', async () => {
    signInAs('admin');
    mockApi({
      'GET /integrations/webhooks': [DISABLED],
      'GET /integrations/webhooks/e2/deliveries': [delivery({ status: 'failed', responseStatus: 503 })],
    });
    renderWithProviders(<WebhooksCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Entregas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Entregas do webhook' });
    expect(await within(dialog).findByText(/reative-o para reenviar/)).toBeTruthy();
    const resend = within(dialog).getByRole('button', { name: /^Reenviar/ }) as HTMLButtonElement;
    expect(resend.disabled).toBe(true);
  });
});
