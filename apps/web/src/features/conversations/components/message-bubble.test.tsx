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

it('a photo needs no "[Imagem]" line under it; a document shows as a card with its name, never "[Documento: …]"', () => {
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
  expect(screen.queryByTestId('message-content')).toBeNull();
  expect(screen.getByTestId('document-name').textContent).toBe('catalogo.pdf');
  expect(screen.getByTestId('message-bubble').textContent).not.toContain('[');
});

it('a file still downloading reads its label without brackets', () => {
  bubble({ ...customer, type: 'document', content: '[Documento: nota.pdf]', mediaStatus: 'pending' });
  expect(screen.getByTestId('message-content').textContent).toBe('Documento: nota.pdf');
});

it("the AI's answers and a person's look different: a tint and an IA mark, or the person's name", () => {
  const ai: Message = { ...customer, id: 'm2', sender: 'agent', aiGenerated: true, content: 'Olá!' };
  const person: Message = { ...customer, id: 'm3', sender: 'admin', authorName: 'Ana Souza', content: 'Oi' };
  const { unmount } = bubble(ai);
  const aiBody = screen.getByTestId('bubble-body');
  expect(aiBody.dataset.tone).toBe('ai');
  expect(screen.getByTestId('ai-mark').textContent).toBe('IA');
  const aiClasses = aiBody.className;
  unmount();
  bubble(person);
  const personBody = screen.getByTestId('bubble-body');
  expect(personBody.dataset.tone).toBe('person');
  expect(screen.queryByTestId('ai-mark')).toBeNull();
  expect(screen.getByTestId('author-name').textContent).toContain('Ana Souza');
  const background = (classes: string) => classes.split(' ').filter((c) => /^bg-/.test(c));
  expect(background(personBody.className)).not.toEqual(background(aiClasses));
});

it("renders WhatsApp's formatting and safe links, never the customer's HTML", () => {
  bubble({
    ...customer,
    content: '*Pedido 42* _enviado_ ~ontem~ em https://loja.example/r/42 <img src=x onerror=alert(1)>',
  });
  const content = screen.getByTestId('message-content');
  expect(content.querySelector('strong')?.textContent).toBe('Pedido 42');
  expect(content.querySelector('em')?.textContent).toBe('enviado');
  expect(content.querySelector('s')?.textContent).toBe('ontem');
  const link = content.querySelector('a');
  expect(link?.getAttribute('href')).toBe('https://loja.example/r/42');
  expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
  expect(link?.getAttribute('target')).toBe('_blank');
  expect(content.querySelector('img')).toBeNull();
  expect(content.textContent).toContain('<img src=x onerror=alert(1)>');
});

it('a quoted file reads "Documento: nota.pdf", not its stored "[Documento: nota.pdf]"', () => {
  bubble({ ...customer, replyTo: { id: 'm0', content: '[Documento: nota.pdf]', sender: 'agent' } });
  expect(screen.getByTestId('quoted-reply').textContent).toContain('Documento: nota.pdf');
  expect(screen.getByTestId('quoted-reply').textContent).not.toContain('[');
});
