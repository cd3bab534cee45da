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
        type: 'document',
        mediaUrl: '/api/media/0193a0b2-1c2d-7e3f-8a4b-5c6d7e8f9a0b',
        mediaMimeType: 'application/pdf',
      }}
    />,
  );
  await waitFor(() => expect(screen.getByText('Anexo indisponível')).toBeTruthy());
});
