import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GuestApp } from './guest-app';

vi.mock('@/features/auth/components/login-page', () => ({
  default: () => {
    throw new Error('render failed');
  },
}));

describe('GuestApp', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the last-resort screen when the login page fails outside the router', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<GuestApp onLeave={() => {}} onIntent={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Algo deu errado' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Recarregar' })).toBeTruthy();
    expect(logged).toHaveBeenCalled();
  });
});
