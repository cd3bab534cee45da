import { act, fireEvent, render, screen } from '@testing-library/react';
import { toast as sonner } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from './toast';
import { Toaster } from './toaster';

// Sonner removes a dismissed toast after its exit animation: slower than 1 s on a busy machine.
const GONE = { timeout: 5000 };

const shownDurations = () => sonner.getToasts().map((shown) => ('duration' in shown ? shown.duration : null));

describe('toasts', () => {
  afterEach(async () => {
    act(() => sonner.dismiss());
    await vi.waitFor(() => expect(sonner.getToasts()).toHaveLength(0), GONE);
  });

  it('uses 5000 ms by default, 7000 ms for errors, and 0 keeps one until closed', async () => {
    toast.success('Salvo');
    toast.error('Falhou');
    toast.error('Conta desativada', 'Fale com o administrador', { duration: 0 });
    await vi.waitFor(() => expect(shownDurations()).toEqual([5000, 7000, Number.POSITIVE_INFINITY]));
  });

  it('shows at most 5, newest first', async () => {
    render(<Toaster />);
    act(() => {
      for (let i = 1; i <= 7; i++) toast.info(`Aviso ${i}`);
    });
    await screen.findByText('Aviso 7');
    const shown = () => [...document.querySelectorAll('[data-sonner-toast][data-visible="true"]')];
    await vi.waitFor(() => expect(shown()).toHaveLength(5), GONE);
    expect(shown()[0]?.textContent).toContain('Aviso 7');
    expect(
      shown()
        .map((item) => item.textContent)
        .join(),
    ).not.toContain('Aviso 2');
  });

  it('auto-dismisses after its duration and can be closed by hand', async () => {
    render(<Toaster />);
    act(() => {
      toast.warning('Atenção', 'Detalhe', { duration: 50 });
      toast.error('Erro de Autenticação', 'Senha incorreta');
    });
    expect((await screen.findByRole('alert')).textContent).toContain('Senha incorreta');
    await vi.waitFor(() => expect(screen.queryByText('Atenção')).toBeNull(), GONE);
    expect(screen.getByText('Erro de Autenticação')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Fechar notificação' }));
    await vi.waitFor(() => expect(screen.queryByText('Erro de Autenticação')).toBeNull(), GONE);
  });

  it('runs an action and closes the toast', async () => {
    const undo = vi.fn();
    render(<Toaster />);
    act(() => {
      toast.info('Arquivada', undefined, {
        actions: [{ label: 'Desfazer', action: undo, style: 'primary' }],
      });
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Desfazer' }));
    expect(undo).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(screen.queryByText('Arquivada')).toBeNull(), GONE);
  });

  it('announces through a live region', () => {
    render(<Toaster />);
    expect(screen.getByRole('region', { name: 'Notificações' }).getAttribute('aria-live')).toBe('polite');
  });
});
