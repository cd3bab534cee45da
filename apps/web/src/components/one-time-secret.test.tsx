import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OneTimeSecret } from './one-time-secret';

afterEach(() => {
  vi.restoreAllMocks();
  Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
});

describe('OneTimeSecret', () => {
  it('copies the value and says so', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<OneTimeSecret label="Token" value="atd_abc123" />);
    const input = screen.getByLabelText('Token') as HTMLInputElement;
    expect(input.readOnly).toBe(true);
    expect(input.value).toBe('atd_abc123');
    expect(screen.getByText(/não será mostrado de novo/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Copiar' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('atd_abc123'));
    expect(await screen.findByText('Copiado para a área de transferência.')).toBeTruthy();
  });

  it('without clipboard access, selects the text for Ctrl+C instead', async () => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) },
      configurable: true,
    });
    render(<OneTimeSecret label="Token" value="atd_abc123" />);
    fireEvent.click(screen.getByRole('button', { name: 'Copiar' }));
    expect(await screen.findByText(/use Ctrl\+C/)).toBeTruthy();
    const input = screen.getByLabelText('Token') as HTMLInputElement;
    expect(document.activeElement).toBe(input);
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, 'atd_abc123'.length]);
  });
});
