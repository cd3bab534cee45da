import type { Message } from '@atende/contracts';
import { render, screen, within } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import type { MessageActions } from './message-action-bar';
import { MessageBubble } from './message-bubble';

const actions: MessageActions = {
  onToggleSelect: vi.fn(),
  onReact: vi.fn(),
  onReply: vi.fn(),
  onForward: vi.fn(),
  onDelete: vi.fn(),
};

const customer: Message = {
  id: 'm1',
  conversationId: 'c1',
  sender: 'client',
  content: 'Quero 3 camisetas',
  type: 'text',
  timestamp: '2026-11-26T12:00:00.000Z',
  aiGenerated: false,
  confidenceScore: null,
  mediaUrl: null,
  mediaMimeType: null,
  replyTo: null,
  reactions: {},
  status: 'delivered',
  authorName: null,
  evidence: [],
};

const bubble = (message: Message) =>
  render(<MessageBubble message={message} actions={actions} isSelected={false} isSelecting={false} />);

it('an edited message shows its new text marked "editada"', () => {
  bubble({ ...customer, editedAt: '2026-11-26T12:05:00.000Z' });
  const shown = screen.getByTestId('message-bubble');
  expect(within(shown).getByTestId('message-content').textContent).toBe('Quero 3 camisetas');
  expect(within(shown).getByTestId('message-edited').textContent).toBe('editada');
});

it('a deleted message shows "Mensagem apagada" and nothing of what it held', () => {
  bubble({
    ...customer,
    type: 'image',
    content: '',
    mediaUrl: null,
    deletedAt: '2026-11-26T12:06:00.000Z',
    editedAt: '2026-11-26T12:05:00.000Z',
  });
  const shown = screen.getByTestId('message-bubble');
  expect(within(shown).getByTestId('message-deleted').textContent).toBe('Mensagem apagada');
  expect(within(shown).queryByTestId('message-content')).toBeNull();
  expect(within(shown).queryByTestId('message-edited')).toBeNull();
  expect(within(shown).queryByRole('img', { name: 'Imagem enviada' })).toBeNull();
});

it('video and sticker are named by their type', () => {
  const { unmount } = bubble({ ...customer, type: 'video', content: 'o defeito' });
  expect(screen.getByRole('img', { name: 'Vídeo' })).toBeTruthy();
  unmount();
  bubble({ ...customer, type: 'sticker', content: '[Figurinha]' });
  expect(screen.getByRole('img', { name: 'Figurinha' })).toBeTruthy();
});

it('a photo needs no "[Imagem]" line under it; a document keeps its name', () => {
  const { unmount } = bubble({
    ...customer,
    type: 'image',
    content: '[Imagem: camiseta.png]',
    mediaUrl: '/api/media/0193a0b2-1c2d-7e3f-8a4b-5c6d7e8f9a0b',
    mediaMimeType: 'image/png',
  });
  expect(screen.queryByTestId('message-content')).toBeNull();
  unmount();
  bubble({
    ...customer,
    type: 'document',
    content: '[Documento: catalogo.pdf]',
    mediaUrl: '/api/media/0193a0b2-1c2d-7e3f-8a4b-5c6d7e8f9a0c',
    mediaMimeType: 'application/pdf',
  });
  expect(screen.getByTestId('message-content').textContent).toBe('[Documento: catalogo.pdf]');
});
