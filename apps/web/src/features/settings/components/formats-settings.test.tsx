import { adminConfigViewSchema, agentConfigSchema, speechToTextViewSchema } from '@atende/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type ApiCall, mockApi, renderWithProviders, signedInFor } from '@/test/mock-api';
import AdminSettings from './admin-settings';

const ADMIN = adminConfigViewSchema.parse({ aiApiKey: { isSet: false, masked: null } });

signedInFor('admin');

describe('numbers and zones as people enter them', () => {
  it('the time zone is picked from a list, Brazil first, and saved by its IANA name', async () => {
    const calls = mockApi({
      'GET /admin-config': ADMIN,
      'POST /admin-config': ({ body }: ApiCall) => ({ ...ADMIN, ...(body as object) }),
    });
    renderWithProviders(<AdminSettings />);
    const zone = (await screen.findByLabelText('Fuso horário')) as HTMLSelectElement;
    expect(zone.tagName).toBe('SELECT');
    expect(zone.value).toBe('America/Sao_Paulo');
    const brazil = zone.querySelector('optgroup[label="Brasil"]') as HTMLElement;
    expect(within(brazil).getByRole('option', { name: 'Manaus (AM)' })).toBeTruthy();
    fireEvent.change(zone, { target: { value: 'America/Manaus' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ timezone: 'America/Manaus' });
  });

  it("the agent's confidence threshold is entered in percent and stored as a fraction", async () => {
    const { default: AgentSettings } = await import('./agent-settings');
    const agent = agentConfigSchema.parse({ confidenceThreshold: 0.45 });
    const calls = mockApi({
      'GET /config': agent,
      'POST /config': ({ body }: ApiCall) => ({ ...agent, ...(body as object) }),
      'GET /admin-config': ADMIN,
      'GET /speech-to-text': speechToTextViewSchema.parse({ apiKey: { isSet: false, masked: null } }),
    });
    renderWithProviders(<AgentSettings />);
    const threshold = (await screen.findByLabelText('Limiar de confiança (%)')) as HTMLInputElement;
    expect(threshold.value).toBe('45');
    fireEvent.change(threshold, { target: { value: '60' } });
    const form = screen.getByTestId('agent-settings');
    fireEvent.click(within(form).getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/config'))).toBe(true),
    );
    expect(calls.find((c) => c.method === 'POST' && c.path.endsWith('/config'))?.body).toMatchObject({
      confidenceThreshold: 0.6,
    });
  });
});
