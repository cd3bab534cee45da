import type { AutomationRule } from '@atende/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui';
import { conversation } from '@/features/conversations/test-support/fixtures';
import { type ApiCall, failWith, mockApi, renderWithProviders, signInAs, signOut } from '@/test/mock-api';
import { CATALOG_ROUTES, GREETING, rule } from '../test-support/fixtures';
import AutomationsPanel from './automations-panel';

const openMenu = async (name: string) =>
  fireEvent.pointerDown(await screen.findByRole('button', { name }), { button: 0, ctrlKey: false });

beforeEach(() => {
  signInAs('admin');
  vi.spyOn(toast, 'success').mockImplementation(() => {});
  vi.spyOn(toast, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
  signOut();
});

function serve(rules: AutomationRule[], extra: Record<string, unknown> = {}): ApiCall[] {
  return mockApi({ ...CATALOG_ROUTES, 'GET /automations': rules, ...extra } as Parameters<typeof mockApi>[0]);
}

describe('the automation rules', () => {
  it('reads each rule as a sentence, in the order they run', async () => {
    serve([rule(), GREETING]);
    renderWithProviders(<AutomationsPanel />);
    const rows = await screen.findAllByTestId('rule-row');
    expect(rows).toHaveLength(2);
    await waitFor(() =>
      expect(rows[0]?.textContent).toContain(
        'Quando uma mensagem do cliente for recebida, se o texto contiver “boleto”, então: adicionar etiqueta Financeiro e atribuir em rodízio entre Ana e Bruno.',
      ),
    );
    expect(within(rows[1] as HTMLElement).getByText('Padrão')).toBeTruthy();
    expect(rows[1]?.textContent).toContain('enviar a saudação da caixa de entrada');
    // Only a custom rule offers the ideas when it is alone: here there is one, so none.
    expect(screen.queryByTestId('rule-examples')).toBeNull();
  });

  it('switches a rule off at once, and puts it back when the server refuses', async () => {
    const calls = serve([rule()], {
      'PUT /automations/r-1': failWith(500, 'Falha no servidor'),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(<AutomationsPanel />);
    const toggle = await screen.findByRole('switch', { name: 'Regra Boleto para o Financeiro ligada' });
    fireEvent.click(toggle);
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      enabled: false,
      name: 'Boleto para o Financeiro',
    });
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Erro ao ligar ou desligar a regra', 'Falha no servidor'),
    );
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
  });

  it('moves a rule down with the keyboard button and sends the new order', async () => {
    let order = [rule(), GREETING];
    const calls = serve([], {
      'GET /automations': () => order,
      'POST /automations/reorder': () => {
        order = [GREETING, rule()];
        return order;
      },
    });
    renderWithProviders(<AutomationsPanel />);
    const down = await screen.findByRole('button', { name: 'Mover Boleto para o Financeiro para baixo' });
    // A busy machine: the next frame comes before the list shows the new order.
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      callback(0);
      return 0;
    });
    fireEvent.click(down);
    await waitFor(() => expect(calls.some((c) => c.path === '/automations/reorder')).toBe(true));
    expect(calls.find((c) => c.path === '/automations/reorder')?.body).toEqual({
      ids: ['r-greeting', 'r-1'],
    });
    const rows = screen.getAllByTestId('rule-row');
    expect(rows[0]?.getAttribute('data-rule-id')).toBe('r-greeting');
    expect(
      (screen.getByRole('button', { name: 'Mover Saudação para cima' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    // The keyboard stays on the moved rule: now last, its "up" button has the focus.
    await waitFor(() =>
      expect(document.activeElement?.getAttribute('aria-label')).toBe(
        'Mover Boleto para o Financeiro para cima',
      ),
    );
  });

  it('offers no delete for a built-in rule', async () => {
    serve([GREETING]);
    renderWithProviders(<AutomationsPanel />);
    await openMenu('Mais ações da regra Saudação');
    expect(await screen.findByRole('menuitem', { name: 'Duplicar' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Excluir' })).toBeNull();
  });

  it('teaches with ideas when there are only the built-in rules, and one opens the editor filled in', async () => {
    serve([GREETING]);
    renderWithProviders(<AutomationsPanel />);
    const ideas = await screen.findByTestId('rule-examples');
    fireEvent.click(within(ideas).getByRole('button', { name: /Pedidos de boleto para o Financeiro/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova regra' });
    expect((within(dialog).getByLabelText('Nome da regra') as HTMLInputElement).value).toBe(
      'Boleto para o Financeiro',
    );
    expect(within(dialog).getByTestId('rule-summary').textContent).toContain(
      'se o texto contiver “boleto” ou “segunda via”',
    );
  });
});

describe('the rule editor', () => {
  it('says under each field what to fix, in pt-BR', async () => {
    const calls = serve([GREETING]);
    renderWithProviders(<AutomationsPanel />);
    fireEvent.click(await screen.findByRole('button', { name: 'Nova regra' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova regra' });
    fireEvent.change(within(dialog).getByLabelText('Evento'), { target: { value: 'no_reply_from_us' } });
    fireEvent.change(within(dialog).getByLabelText('Depois de quantos minutos'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Criar regra' }));
    expect(await within(dialog).findByText('Dê um nome à regra')).toBeTruthy();
    expect(within(dialog).getByText('Inclua pelo menos uma ação')).toBeTruthy();
    expect(within(dialog).getByText('Informe um número')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('builds "boleto → Financeiro + rodízio + resposta" and saves it as typed data', async () => {
    const calls = serve([GREETING], {
      'POST /automations': ({ body }: ApiCall) => rule({ id: 'r-new', ...(body as object) }),
    });
    renderWithProviders(<AutomationsPanel />);
    await screen.findAllByTestId('rule-row');
    fireEvent.click(screen.getByRole('button', { name: 'Nova regra' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova regra' });
    fireEvent.change(within(dialog).getByLabelText('Nome da regra'), { target: { value: 'Boleto' } });

    await openMenu('Adicionar condição');
    fireEvent.click(await screen.findByRole('menuitem', { name: 'O texto contém' }));
    fireEvent.change(within(dialog).getByLabelText('Palavras ou frases'), {
      target: { value: 'boleto, pix' },
    });

    await openMenu('Adicionar ação');
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Adicionar etiqueta' }));
    await openMenu('Adicionar ação');
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Atribuir em rodízio' }));
    // An empty round-robin says so.
    fireEvent.click(screen.getByRole('button', { name: 'Criar regra' }));
    expect(await within(dialog).findByText('Escolha pelo menos uma pessoa')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Ana' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Bruno' }));
    await openMenu('Adicionar ação');
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Enviar mensagem' }));
    fireEvent.change(within(dialog).getByLabelText('Mensagem'), { target: { value: 'Já vamos ver, ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /Inserir \{primeiro_nome\}/ }));
    // A message after the assignment would not go once a person holds the conversation: it says so.
    expect(within(dialog).getByTestId('send-after-assign')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mover ação 3 para cima' }));
    expect(within(dialog).queryByTestId('send-after-assign')).toBeNull();

    expect(within(dialog).getByTestId('rule-summary').textContent).toBe(
      'Quando uma mensagem do cliente for recebida, se o texto contiver “boleto” ou “pix”, então: adicionar etiqueta Financeiro, enviar mensagem “Já vamos ver, {primeiro_nome}” e atribuir em rodízio entre Ana e Bruno.',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Criar regra' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === '/automations')).toBe(true),
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Boleto',
      enabled: true,
      event: 'message_received',
      after: null,
      conditions: [{ type: 'text_contains', words: ['boleto', 'pix'] }],
      actions: [
        { type: 'add_label', labelId: 'l-fin' },
        { type: 'send_message', text: 'Já vamos ver, {primeiro_nome}' },
        { type: 'assign_round_robin', userIds: ['u-ana', 'u-bruno'] },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toast.success).toHaveBeenCalledWith('Regra criada');
  });

  it('tests the rule on a past conversation and shows what matched and what it would do', async () => {
    const calls = serve([rule()], {
      'GET /conversations': {
        status: 200,
        body: {
          success: true,
          data: [
            conversation({ id: 'conv-1', clientName: 'Maria', lastMessage: 'Quero a segunda via do boleto' }),
          ],
          page: { nextCursor: null, total: 1 },
        },
      },
      'POST /automations/test': {
        conditions: [{ label: 'o texto contém “boleto”', matched: true }],
        matched: true,
        actions: ['adicionar etiqueta Financeiro', 'atribuir em rodízio a Ana'],
      },
    });
    renderWithProviders(<AutomationsPanel />);
    fireEvent.click(await screen.findByRole('button', { name: 'Editar Boleto para o Financeiro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar regra' });
    fireEvent.click(await within(dialog).findByRole('radio', { name: /Maria/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Testar' }));
    const result = await within(dialog).findByTestId('rule-test-result');
    expect(result.textContent).toContain('o texto contém “boleto”');
    expect(result.textContent).toContain('A regra agiria nesta conversa');
    expect(result.textContent).toContain('atribuir em rodízio a Ana');
    const sent = calls.find((c) => c.path === '/automations/test');
    expect(sent?.body).toMatchObject({
      conversationId: 'conv-1',
      rule: { name: 'Boleto para o Financeiro' },
    });
    // Testing saves nothing.
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});
