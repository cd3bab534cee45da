import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, signInAs, signOut } from '@/test/mock-api';
import { getDraft } from '../lib/draft-store';
import { message, TEAM, timelineEntry } from '../test-support/fixtures';
import { Composer } from './composer';

afterEach(() => {
  vi.restoreAllMocks();
  signOut();
});

function renderComposer(conversationId = 'c1') {
  return renderWithProviders(
    <Composer
      conversationId={conversationId}
      replyTarget={null}
      onCancelReply={() => {}}
      onOpenReplyModal={() => {}}
    />,
  );
}

function server() {
  return mockApi({
    'GET /team/members': TEAM,
    'GET /canned-replies': [],
    'POST /conversations/c1/notes': ({ body }) =>
      timelineEntry({ id: 'n1', kind: 'note', event: null, text: (body as { text: string }).text }),
    'POST /conversations/c1/messages': message({ id: 'sent', sender: 'agent', content: 'Oi' }),
  });
}

const box = () => screen.getByRole('textbox') as HTMLTextAreaElement;

function type(value: string) {
  fireEvent.change(box(), { target: { value, selectionStart: value.length, selectionEnd: value.length } });
}

describe('the composer', () => {
  it('writes a private note that goes to the team, never to the customer', async () => {
    signInAs('operator');
    const calls = server();
    renderComposer();
    expect(screen.getByTestId('composer').dataset.mode).toBe('reply');
    fireEvent.click(screen.getByRole('button', { name: 'Nota privada' }));
    expect(screen.getByTestId('composer').dataset.mode).toBe('note');
    expect(box().getAttribute('aria-label')).toBe('Nota privada');
    expect(screen.getByTestId('note-hint').textContent).toBe('Só a equipe vê. Use @ para mencionar.');
    // Nothing that reaches the customer is offered in a note.
    expect(screen.queryByRole('button', { name: 'Anexar arquivo' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Gravar áudio' })).toBeNull();

    type('Cliente VIP, cuidado com o prazo');
    fireEvent.keyDown(box(), { key: 'Enter' });
    await waitFor(() => expect(box().value).toBe(''));
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.path)).toEqual(['/conversations/c1/notes']);
    expect(posts[0]?.body).toEqual({ text: 'Cliente VIP, cuidado com o prazo' });
  });

  it('suggests the team after @, moves with the arrows and inserts @Nome', async () => {
    signInAs('operator');
    server();
    renderComposer();
    fireEvent.keyDown(box(), { key: 'n', code: 'KeyN', altKey: true });
    expect(screen.getByTestId('composer').dataset.mode).toBe('note');
    type('Pode ver isso, @');
    const picker = await screen.findByRole('listbox', { name: 'Mencionar alguém da equipe' });
    // Everyone but me (signed in as op-1; 'Pessoa' is admin-1 here), the best match first.
    expect(Array.from(picker.querySelectorAll('[role="option"]')).map((o) => o.textContent)).toEqual([
      'APAna Paula',
      'BLBruno Lima',
      'PPessoa',
    ]);
    type('Pode ver isso, @bru');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
    expect(box().getAttribute('aria-activedescendant')).toBe('mention-option-u-bruno');
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(box().value).toBe('Pode ver isso, @Bruno Lima ');
    // The caret lands after the name: nothing more to suggest.
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(box().selectionStart).toBe(27);
  });

  it('keeps the draft of each conversation across switches, and forgets it once sent', async () => {
    signInAs('operator');
    server();
    const first = renderComposer('c1');
    fireEvent.click(screen.getByRole('button', { name: 'Nota privada' }));
    type('rascunho da nota');
    first.unmount();
    expect(getDraft('c1')).toEqual({ text: 'rascunho da nota', isNote: true });

    const other = renderComposer('c2');
    expect(box().value).toBe('');
    other.unmount();

    renderComposer('c1');
    expect(box().value).toBe('rascunho da nota');
    expect(screen.getByTestId('composer').dataset.mode).toBe('note');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar nota' }));
    await waitFor(() => expect(box().value).toBe(''));
    expect(getDraft('c1')).toBeNull();
  });

  it('sends a reply as before, and a note only mode when the customer cannot be written to', async () => {
    signInAs('operator');
    const calls = server();
    const { unmount } = renderComposer();
    type('Oi');
    fireEvent.keyDown(box(), { key: 'Enter' });
    await waitFor(() => expect(calls.some((c) => c.path === '/conversations/c1/messages')).toBe(true));
    unmount();

    renderWithProviders(
      <Composer
        conversationId="c1"
        replyTarget={null}
        onCancelReply={() => {}}
        onOpenReplyModal={() => {}}
        canReply={false}
      />,
    );
    expect(screen.getByTestId('composer').dataset.mode).toBe('note');
    expect((screen.getByRole('button', { name: 'Responder' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
