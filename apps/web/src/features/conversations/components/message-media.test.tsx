import { STORAGE_KEYS } from '@atende/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { MessageMedia } from './message-media';

const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  vi.unstubAllGlobals();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  localStorage.clear();
});

it('loads stored media with the bearer token and shows it through a blob: URL', async () => {
  localStorage.setItem(STORAGE_KEYS.authToken, 'tok-123');
  const fetchMock = vi.fn(
    async () => new Response(new Blob([new Uint8Array([0x89, 0x50])], { type: 'image/png' })),
  );
  vi.stubGlobal('fetch', fetchMock);
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:http://localhost/abc'), revokeObjectURL: vi.fn() });
  render(
    <MessageMedia
      message={{
        type: 'image',
        mediaUrl: '/api/media/0193a0b2-1c2d-7e3f-8a4b-5c6d7e8f9a0b',
        mediaMimeType: 'image/png',
      }}
    />,
  );
  expect(screen.getByText('Carregando anexo...')).toBeTruthy();
  const image = await screen.findByAltText('Imagem enviada');
  expect(image.getAttribute('src')).toBe('blob:http://localhost/abc');
  expect(fetchMock).toHaveBeenCalledWith(expect.stringContaining('/api/media/0193a0b2'), {
    headers: { Authorization: 'Bearer tok-123' },
  });
});

it('a stored file that cannot be loaded says so', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('', { status: 404 })),
  );
  render(
    <MessageMedia
      message={{
        type: 'image',
        mediaUrl: '/api/media/0193a0b2-1c2d-7e3f-8a4b-5c6d7e8f9a0b',
        mediaMimeType: 'image/png',
      }}
    />,
  );
  await waitFor(() => expect(screen.getByText('Anexo indisponível')).toBeTruthy());
});

it('a document is a card with its name, type and size, fetched only when downloaded', async () => {
  localStorage.setItem(STORAGE_KEYS.authToken, 'tok-123');
  const fetchMock = vi.fn(async () => new Response(new Blob(['%PDF'], { type: 'application/pdf' })));
  vi.stubGlobal('fetch', fetchMock);
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:http://localhost/doc'), revokeObjectURL: vi.fn() });
  const clicked: string[] = [];
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clicked.push(`${this.download} ${this.href}`);
  });
  render(
    <MessageMedia
      message={{
        type: 'document',
        content: '[Documento: nota.pdf]',
        mediaUrl: '/api/media/0193a0b2-1c2d-7e3f-8a4b-5c6d7e8f9a0b',
        mediaMimeType: 'application/pdf',
        mediaFileName: 'nota fiscal.pdf',
        mediaSize: Math.round(1.2 * 1024 * 1024),
      }}
    />,
  );
  expect(screen.getByTestId('document-name').textContent).toBe('nota fiscal.pdf');
  expect(screen.getByTestId('document-card').textContent).toContain('PDF · 1,2 MB');
  expect(fetchMock).not.toHaveBeenCalled();
  screen.getByRole('button', { name: 'Baixar nota fiscal.pdf' }).click();
  await waitFor(() => expect(clicked).toEqual(['nota fiscal.pdf blob:http://localhost/doc']));
  expect(fetchMock).toHaveBeenCalledWith(expect.stringContaining('/api/media/0193a0b2'), {
    headers: { Authorization: 'Bearer tok-123' },
  });
  click.mockRestore();
});

it("a document stored before its name was kept reads the name from the message's label", () => {
  vi.stubGlobal('fetch', vi.fn());
  render(
    <MessageMedia
      message={{
        type: 'document',
        content: '[Documento: orcamento.xlsx]',
        mediaUrl: '/api/media/0193a0b2-1c2d-7e3f-8a4b-5c6d7e8f9a0b',
        mediaMimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      }}
    />,
  );
  expect(screen.getByTestId('document-name').textContent).toBe('orcamento.xlsx');
  expect(screen.getByTestId('document-card').textContent).toContain('XLSX');
});

it('media still downloading, and media that never could be, say so (no request)', () => {
  const fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  const { rerender } = render(
    <MessageMedia message={{ type: 'image', mediaUrl: null, mediaMimeType: null, mediaStatus: 'pending' }} />,
  );
  expect(screen.getByTestId('media-pending').textContent).toContain('Baixando mídia');
  rerender(
    <MessageMedia
      message={{ type: 'video', mediaUrl: null, mediaMimeType: null, mediaStatus: 'unavailable' }}
    />,
  );
  expect(screen.getByTestId('media-unavailable').textContent).toContain('Mídia indisponível');
  expect(fetchMock).not.toHaveBeenCalled();
});

it('a video plays in a player and a sticker shows as a small image', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(new Blob([new Uint8Array([0])], { type: 'video/mp4' }))),
  );
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:http://localhost/v'), revokeObjectURL: vi.fn() });
  const { container, rerender } = render(
    <MessageMedia
      message={{
        type: 'video',
        mediaUrl: '/api/media/0193a0b2-1c2d-7e3f-8a4b-5c6d7e8f9a0b',
        mediaMimeType: 'video/mp4',
      }}
    />,
  );
  await waitFor(() =>
    expect(container.querySelector('video')?.getAttribute('src')).toBe('blob:http://localhost/v'),
  );
  rerender(
    <MessageMedia
      message={{
        type: 'sticker',
        mediaUrl: '/api/media/0193a0b2-1c2d-7e3f-8a4b-5c6d7e8f9a0c',
        mediaMimeType: 'image/webp',
      }}
    />,
  );
  expect((await screen.findByAltText('Figurinha')).getAttribute('src')).toBe('blob:http://localhost/v');
});
