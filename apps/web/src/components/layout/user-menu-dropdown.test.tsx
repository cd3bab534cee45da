import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAlertPreferences, reloadAlertPreferences } from '@/lib/alert-preferences';
import * as sound from '@/lib/alert-sound';
import { mockApi, renderWithProviders, signInAs, signOut } from '@/test/mock-api';
import UserMenuDropdown from './user-menu-dropdown';

afterEach(() => {
  vi.restoreAllMocks();
  signOut();
  reloadAlertPreferences();
});

const team = [
  {
    id: 'op-1',
    name: 'Pessoa',
    avatar: null,
    role: 'operator',
    availability: 'online',
    openConversations: 0,
  },
];

function renderMenu() {
  return renderWithProviders(
    <UserMenuDropdown
      user={{ name: 'Pessoa', email: 'p@x.com' }}
      onLogout={() => {}}
      trigger="Menu"
      triggerLabel="Menu do usuário"
      triggerClassName=""
      defaultOpen
    />,
  );
}

describe('the user menu', () => {
  it('sets my availability, the chosen one checked with its coloured dot', async () => {
    signInAs('operator');
    const calls = mockApi({
      'GET /team/members': team,
      'POST /profile/availability': ({ body }) => body,
    });
    renderMenu();
    const online = await screen.findByRole('menuitemradio', { name: /Online/ });
    await waitFor(() => expect(online.getAttribute('aria-checked')).toBe('true'));
    expect(online.querySelector('[data-availability="online"]')?.className).toContain('bg-emerald-500');
    const away = screen.getByRole('menuitemradio', { name: /Ausente/ });
    expect(away.querySelector('[data-availability="away"]')?.className).toContain('bg-amber-500');
    expect(
      screen.getByRole('menuitemradio', { name: /Ocupado/ }).querySelector('[data-availability]')?.className,
    ).toContain('bg-red-500');

    fireEvent.click(away);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ availability: 'away' }),
    );
    await waitFor(() => expect(away.getAttribute('aria-checked')).toBe('true'));
  });

  it('turns the alert sound on (off by default) and plays it once as a preview', async () => {
    signInAs('operator');
    mockApi({ 'GET /team/members': team });
    const played = vi.spyOn(sound, 'playAlertSound').mockImplementation(() => {});
    renderMenu();
    const item = await screen.findByRole('menuitemcheckbox', { name: /Som de alerta/ });
    expect(item.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(item);
    expect(getAlertPreferences().sound).toBe(true);
    expect(played).toHaveBeenCalledTimes(1);
  });
});
