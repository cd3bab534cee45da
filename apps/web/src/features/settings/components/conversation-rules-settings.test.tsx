import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui';
import { mockApi, renderWithProviders, signInAs, signOut } from '@/test/mock-api';
import ConversationRulesSettings from './conversation-rules-settings';

afterEach(() => {
  vi.restoreAllMocks();
  signOut();
});

describe('the conversation rules', () => {
  it('shows who gets a reopened conversation and when one is abandoned, and saves them', async () => {
    signInAs('admin');
    vi.spyOn(toast, 'success').mockImplementation(() => {});
    const calls = mockApi({
      'GET /conversation-rules': { reopenTo: 'last-person', abandonAfterHours: 24 },
      'POST /conversation-rules': ({ body }) => ({
        reopenTo: 'last-person',
        abandonAfterHours: 24,
        ...(body as object),
      }),
    });
    renderWithProviders(<ConversationRulesSettings />);
    const person = (await screen.findByRole('radio', { name: /A última pessoa/ })) as HTMLInputElement;
    expect(person.checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: /A IA/ }));
    fireEvent.change(screen.getByLabelText('Abandonada após (horas)'), { target: { value: '48' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reopenTo: 'ai', abandonAfterHours: 48 });
  });
});
