import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToasts, toast } from './toast-store';
import { Toaster } from './toaster';

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    toast.dismiss();
  });
  afterEach(() => {
    act(() => toast.dismiss());
    vi.useRealTimers();
  });

  it('uses 5000 ms by default and 7000 ms for errors', () => {
    toast.success('Salvo');
    toast.error('Falhou');
    const [error, success] = getToasts();
    expect(success?.duration).toBe(5000);
    expect(error?.duration).toBe(7000);
  });

  it('shows at most 5, newest first', () => {
    render(<Toaster />);
    act(() => {
      for (let i = 1; i <= 7; i++) toast.info(`Aviso ${i}`);
    });
    const shown = screen.getAllByRole('status');
    expect(shown).toHaveLength(5);
    expect(shown[0]?.textContent).toContain('Aviso 7');
    expect(screen.queryByText('Aviso 2')).toBeNull();
  });

  it('auto-dismisses after its duration and can be closed by hand', () => {
    render(<Toaster />);
    act(() => {
      toast.warning('Atenção', 'Detalhe');
      toast.error('Erro de Autenticação', 'Senha incorreta');
    });
    expect(screen.getByRole('alert').textContent).toContain('Senha incorreta');
    act(() => vi.advanceTimersByTime(5001));
    expect(screen.queryByText('Atenção')).toBeNull();
    expect(screen.getByText('Erro de Autenticação')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Fechar notificação' }));
    expect(screen.queryByText('Erro de Autenticação')).toBeNull();
  });

  it('runs an action and closes the toast', () => {
    const undo = vi.fn();
    render(<Toaster />);
    act(() => {
      toast.info('Arquivada', undefined, {
        actions: [{ label: 'Desfazer', action: undo, style: 'primary' }],
      });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Desfazer' }));
    expect(undo).toHaveBeenCalledOnce();
    expect(screen.queryByText('Arquivada')).toBeNull();
  });

  it('announces through a live region', () => {
    render(<Toaster />);
    expect(screen.getByRole('region', { name: 'Notificações' }).getAttribute('aria-live')).toBe('polite');
  });
});
