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
      'GET /conversation-rules': { reopenTo: 'last-person', abandonAfterMinutes: 24 * 60 },
      'POST /conversation-rules': ({ body }) => ({
        reopenTo: 'last-person',
        abandonAfterMinutes: 24 * 60,
        ...(body as object),
      }),
    });
    renderWithProviders(<ConversationRulesSettings />);
    const person = (await screen.findByRole('radio', { name: /A última pessoa/ })) as HTMLInputElement;
    expect(person.checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: /A IA/ }));
    // 24 hours are shown as 1 day; 2 days, then 45 minutes, are saved in minutes.
    const amount = screen.getByLabelText('Abandonada após') as HTMLInputElement;
    const unit = screen.getByLabelText('Unidade') as HTMLSelectElement;
    expect([amount.value, unit.value]).toEqual(['1', 'days']);
    fireEvent.change(amount, { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      reopenTo: 'ai',
      abandonAfterMinutes: 2880,
    });

    fireEvent.change(unit, { target: { value: 'minutes' } });
    fireEvent.change(amount, { target: { value: '45' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').length).toBe(2));
    expect(calls.filter((c) => c.method === 'POST')[1]?.body).toMatchObject({ abandonAfterMinutes: 45 });
  });
});
