import type { AutomationRun, Macro } from '@atende/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui';
import { type ApiCall, failWith, mockApi, renderWithProviders, signInAs, signOut } from '@/test/mock-api';
import { conversation, TEAM } from '../test-support/fixtures';
import { AutomationRuns } from './automation-runs';
import { Composer } from './composer';
import { MacrosMenu } from './macros-menu';

const MACROS: Macro[] = [
  {
    id: 'm-boleto',
    name: 'Boleto enviado',
    shared: true,
    ownerId: null,
    actions: [{ type: 'resolve' }],
    updatedAt: '2026-03-02T10:00:00.000Z',
  },
  {
    id: 'm-mine',
    name: 'Pedir CPF',
    shared: false,
    ownerId: 'op-1',
    actions: [{ type: 'send_message', text: 'Qual é o seu CPF?' }],
    updatedAt: '2026-03-02T10:00:00.000Z',
  },
];

beforeEach(() => {
  signInAs('operator');
  vi.spyOn(toast, 'success').mockImplementation(() => {});
  vi.spyOn(toast, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
  signOut();
});

function server(extra: Record<string, unknown> = {}): ApiCall[] {
  return mockApi({
    'GET /team/members': TEAM,
    'GET /canned-replies': [{ id: 'r1', shortcut: 'boas-vindas', content: 'Olá, {nome}!', position: 0 }],
    'GET /macros': MACROS,
    'POST /macros/m-boleto/run': { lines: ['conversa finalizada'] },
    ...extra,
  } as Parameters<typeof mockApi>[0]);
}

describe('macros in the chat', () => {
  it('runs a macro from the header menu on the open conversation and says what it did', async () => {
    const calls = server();
    renderWithProviders(<MacrosMenu conversationId="c1" />);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Macros' }), { button: 0, ctrlKey: false });
    const menu = await screen.findByRole('menu', { name: 'Macros' });
    expect(await within(menu).findByText('Da equipe')).toBeTruthy();
    expect(within(menu).getByText('Minhas')).toBeTruthy();
    fireEvent.click(await within(menu).findByRole('menuitem', { name: 'Boleto enviado' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/macros/m-boleto/run')).toBe(true));
    expect(calls.find((c) => c.path === '/macros/m-boleto/run')?.body).toEqual({ conversationId: 'c1' });
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Macro “Boleto enviado” aplicada', 'conversa finalizada'),
    );
  });

  it('says why a macro could not run', async () => {
    server({ 'POST /macros/m-boleto/run': failWith(409, 'Uma pessoa está atendendo esta conversa') });
    renderWithProviders(<MacrosMenu conversationId="c1" />);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Macros' }), { button: 0, ctrlKey: false });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Boleto enviado' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'Erro ao aplicar a macro “Boleto enviado”: Uma pessoa está atendendo esta conversa',
      ),
    );
  });

  it('lists macros after the canned replies in the / menu; Enter on one runs it and clears the text', async () => {
    const calls = server();
    renderWithProviders(
      <Composer
        conversationId="c1"
        replyTarget={null}
        onCancelReply={() => {}}
        onOpenReplyModal={() => {}}
      />,
    );
    const box = screen.getByRole('textbox') as HTMLTextAreaElement;
    await waitFor(() => expect(calls.some((c) => c.path === '/macros')).toBe(true));
    fireEvent.change(box, { target: { value: '/', selectionStart: 1, selectionEnd: 1 } });
    const picker = await screen.findByRole('listbox', { name: 'Respostas rápidas e macros' });
    await within(picker).findByRole('group', { name: 'Macros' });
    const options = within(picker).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      '/boas-vindasOlá, {nome}!',
      'Boleto enviadoda equipe',
      'Pedir CPFminha',
    ]);
    // Typing narrows both groups: "/bol" leaves the boleto macro only.
    fireEvent.change(box, { target: { value: '/bol', selectionStart: 4, selectionEnd: 4 } });
    await waitFor(() => expect(within(picker).getAllByRole('option')).toHaveLength(1));
    expect(box.getAttribute('aria-activedescendant')).toBe('canned-reply-macro-m-boleto');
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(calls.some((c) => c.path === '/macros/m-boleto/run')).toBe(true));
    expect(box.value).toBe('');
    // Nothing was sent to the customer: the macro did the work.
    expect(calls.some((c) => c.path === '/conversations/c1/messages')).toBe(false);
  });
});

describe('the run log of a conversation', () => {
  const run = (overrides: Partial<AutomationRun>): AutomationRun => ({
    id: 'run-1',
    ruleId: 'r-1',
    ruleName: 'Boleto para o Financeiro',
    conversationId: 'c1',
    event: 'message_received',
    outcome: 'done',
    lines: ['etiqueta Financeiro adicionada', 'atribuída a Ana (rodízio)'],
    createdAt: '2026-03-02T10:00:00.000Z',
    ...overrides,
  });

  it('shows what each rule did, newest first', async () => {
    mockApi({
      'GET /conversations/c1/automation-runs': [
        run({}),
        run({
          id: 'run-2',
          ruleName: 'Cliente esperando',
          event: 'no_reply_from_us',
          outcome: 'cut',
          lines: ['cadeia interrompida na profundidade 3'],
          createdAt: '2026-03-02T11:00:00.000Z',
        }),
      ],
    });
    renderWithProviders(<AutomationRuns conversationId={conversation({ id: 'c1' }).id} />);
    const runs = await screen.findAllByTestId('automation-run');
    expect(runs.map((r) => within(r).getByText(/Boleto|Cliente esperando/).textContent)).toEqual([
      'Cliente esperando',
      'Boleto para o Financeiro',
    ]);
    expect(runs[0]?.textContent).toContain('Interrompida');
    expect(runs[1]?.textContent).toContain('etiqueta Financeiro adicionada');
    expect(runs[1]?.textContent).toContain('Mensagem do cliente recebida');
  });

  it('says when no rule has acted yet', async () => {
    mockApi({ 'GET /conversations/c1/automation-runs': [] });
    renderWithProviders(<AutomationRuns conversationId="c1" />);
    expect(await screen.findByText(/Nenhuma regra agiu nesta conversa/)).toBeTruthy();
  });
});
