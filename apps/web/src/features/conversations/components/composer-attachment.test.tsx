import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, signInAs, signOut } from '@/test/mock-api';
import { notify } from '../hooks/use-notify';
import { message } from '../test-support/fixtures';
import { Composer } from './composer';

const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  vi.restoreAllMocks();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  signOut();
});

interface Upload {
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** The server: canned replies and the team are empty; a file upload answers the sent message. */
function server() {
  const uploads: Upload[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (init?.method === 'POST' && url.pathname.endsWith('/media')) {
      uploads.push({ path: url.pathname, query: url.searchParams, body: init.body });
      const data = message({ id: 'file', sender: 'agent', type: 'document', content: '[Documento: x]' });
      return new Response(JSON.stringify({ success: true, data }), { status: 200 });
    }
    return new Response(JSON.stringify({ success: true, data: [] }), { status: 200 });
  });
  return uploads;
}

function renderComposer() {
  return renderWithProviders(
    <Composer conversationId="c1" replyTarget={null} onCancelReply={() => {}} onOpenReplyModal={() => {}} />,
  );
}

const MB = 1024 * 1024;
const fileOf = (name: string, size: number, type: string) => new File([new Uint8Array(size)], name, { type });

describe("the composer's attachments", () => {
  it('a picked file waits in a preview with its name, size and a caption; Enviar sends both', async () => {
    signInAs('operator');
    const uploads = server();
    renderComposer();
    const planilha = fileOf('pedidos de novembro.xlsx', Math.round(1.2 * MB), '');
    fireEvent.change(screen.getByTestId('file-input'), { target: { files: [planilha] } });

    const preview = await screen.findByTestId('attachment-preview');
    expect(screen.getByTestId('attachment-name').textContent).toBe('pedidos de novembro.xlsx');
    expect(screen.getByTestId('attachment-size').textContent).toBe('1,2 MB');
    expect(uploads).toEqual([]);
    fireEvent.change(screen.getByRole('textbox', { name: 'Legenda' }), {
      target: { value: 'Segue a planilha' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]?.path).toBe('/api/conversations/c1/media');
    expect(uploads[0]?.query.get('fileName')).toBe('pedidos de novembro.xlsx');
    expect(uploads[0]?.query.get('caption')).toBe('Segue a planilha');
    expect(uploads[0]?.body).toBe(planilha);
    await waitFor(() => expect(preview.isConnected).toBe(false));
  });

  it('Cancelar drops the file without sending it, and what was typed becomes the caption', async () => {
    signInAs('operator');
    const uploads = server();
    renderComposer();
    fireEvent.change(screen.getByRole('textbox', { name: 'Mensagem' }), {
      target: { value: 'Olha o boleto' },
    });
    fireEvent.change(screen.getByTestId('file-input'), {
      target: { files: [fileOf('boleto.pdf', 2048, 'application/pdf')] },
    });
    expect((screen.getByRole('textbox', { name: 'Legenda' }) as HTMLTextAreaElement).value).toBe(
      'Olha o boleto',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByTestId('attachment-preview')).toBeNull();
    expect(uploads).toEqual([]);
  });

  it('a pasted image is attached, with its thumbnail', async () => {
    signInAs('operator');
    server();
    Object.assign(URL, {
      createObjectURL: vi.fn(() => 'blob:http://localhost/shot'),
      revokeObjectURL: vi.fn(),
    });
    renderComposer();
    const shot = fileOf('image.png', 10, 'image/png');
    fireEvent.paste(screen.getByRole('textbox', { name: 'Mensagem' }), { clipboardData: { files: [shot] } });
    expect((await screen.findByTestId('attachment-thumbnail')).getAttribute('src')).toBe(
      'blob:http://localhost/shot',
    );
  });

  it("WhatsApp's limits are checked before anything is uploaded", async () => {
    signInAs('operator');
    const uploads = server();
    const error = vi.spyOn(notify, 'error');
    renderComposer();
    fireEvent.change(screen.getByTestId('file-input'), {
      target: { files: [fileOf('foto.jpg', 5 * MB + 1, 'image/jpeg')] },
    });
    expect(error).toHaveBeenCalledWith('Imagem muito grande: o WhatsApp aceita imagens de até 5 MB.');
    expect(screen.queryByTestId('attachment-preview')).toBeNull();
    expect(uploads).toEqual([]);
  });

  it('the character counter shows only near the 4,096 characters', () => {
    signInAs('operator');
    server();
    renderComposer();
    const box = screen.getByRole('textbox', { name: 'Mensagem' });
    fireEvent.change(box, { target: { value: 'Oi' } });
    expect(screen.queryByTestId('char-counter')).toBeNull();
    fireEvent.change(box, { target: { value: 'x'.repeat(3800) } });
    expect(screen.getByTestId('char-counter').textContent).toBe('3.800/4.096');
  });
});
