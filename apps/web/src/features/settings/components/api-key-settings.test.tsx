import { adminConfigViewSchema, speechToTextViewSchema } from '@atende/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type ApiCall, mockApi, renderWithProviders, signedInFor } from '@/test/mock-api';
import { AiProviderSettings } from './ai-provider-settings';
import { SpeechToTextSettings } from './speech-to-text-settings';

const STORED = { isSet: true, masked: '••••3456' };
const posts = (calls: ApiCall[]) => calls.filter((c) => c.method === 'POST').map((c) => c.body);

signedInFor('admin');

describe('a settings card with an API key', () => {
  it('sends the key only when typed or removed, and saving or discarding forgets the change', async () => {
    const view = speechToTextViewSchema.parse({ baseUrl: 'https://api.openai.com/v1', apiKey: STORED });
    const calls = mockApi({
      'GET /speech-to-text': view,
      'POST /speech-to-text': view,
    });
    renderWithProviders(<SpeechToTextSettings />);
    const key = (await screen.findByLabelText('Chave de API')) as HTMLInputElement;
    expect(screen.getByText('Definida (••••3456) — digite para substituir')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Salvar' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    // A typed key is an unsaved change of its own, sent beside the form's values.
    fireEvent.change(key, { target: { value: 'sk-nova-chave' } });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]).toMatchObject({ baseUrl: 'https://api.openai.com/v1', apiKey: 'sk-nova-chave' });
    await waitFor(() => expect(key.value).toBe(''));

    // Removed, then discarded: back to the stored key, nothing to save.
    fireEvent.click(screen.getByRole('button', { name: 'Remover' }));
    expect(screen.getByText('Será removida ao salvar')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Descartar' }));
    expect(screen.getByText('Definida (••••3456) — digite para substituir')).toBeTruthy();
    expect(save.disabled).toBe(true);

    // Removed and saved: null clears it; another field alone leaves the key out of the body.
    fireEvent.click(screen.getByRole('button', { name: 'Remover' }));
    fireEvent.click(save);
    await waitFor(() => expect(posts(calls)).toHaveLength(2));
    expect(posts(calls)[1]).toMatchObject({ apiKey: null });
    await waitFor(() =>
      expect(screen.getByText('Definida (••••3456) — digite para substituir')).toBeTruthy(),
    );
    fireEvent.change(screen.getByLabelText('Modelo'), { target: { value: 'whisper-large' } });
    fireEvent.click(save);
    await waitFor(() => expect(posts(calls)).toHaveLength(3));
    expect(posts(calls)[2]).toMatchObject({ model: 'whisper-large' });
    expect(posts(calls)[2]).not.toHaveProperty('apiKey');
  });

  it('"Testar conexão" tries the AI provider with the key as typed, before it is saved', async () => {
    const view = adminConfigViewSchema.parse({ aiApiKey: STORED });
    const calls = mockApi({
      'GET /admin-config': view,
      'POST /admin-config/test-ai': {
        ok: true,
        provider: 'openai-compatible',
        message: 'Conexão bem-sucedida',
        latencyMs: 12,
      },
    });
    renderWithProviders(<AiProviderSettings />);
    fireEvent.change(await screen.findByLabelText('Chave de API'), { target: { value: 'sk-provar' } });
    fireEvent.click(screen.getByRole('button', { name: 'Testar conexão' }));
    await screen.findByTestId('ai-test-result');
    expect(calls.find((c) => c.path === '/admin-config/test-ai')?.body).toMatchObject({
      aiApiKey: 'sk-provar',
    });
    expect(posts(calls)).toHaveLength(1);
  });
});
