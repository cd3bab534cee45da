import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';
import { Modal } from './modal';
import { ConfirmProvider, useConfirm } from './use-confirm';

function Harness({ closeOnEscape }: { closeOnEscape?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Abrir
      </button>
      <Modal open={open} onOpenChange={setOpen} title="Detalhes" size="lg" closeOnEscape={closeOnEscape}>
        <input aria-label="Campo" />
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('opens with its title, moves focus inside and closes on Escape, restoring focus', async () => {
    render(<Harness />);
    const trigger = screen.getByRole('button', { name: 'Abrir' });
    trigger.focus();
    fireEvent.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Detalhes' });
    expect(dialog.className).toContain('max-w-2xl');
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await act(async () => {});
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });

  it('can refuse Escape', async () => {
    render(<Harness closeOnEscape={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Abrir' }));
    await screen.findByRole('dialog');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});

describe('ConfirmDialog', () => {
  it.each([
    ['warning', 'Confirmar ação'],
    ['error', 'Confirmar exclusão'],
    ['info', 'Confirmar'],
  ] as const)('variant %s has the default title %s', (variant, title) => {
    render(
      <ConfirmDialog
        open
        variant={variant}
        message="Tem certeza?"
        onConfirm={() => {}}
        onCancel={() => {}}
      />,
    );
    expect(screen.getByRole('dialog', { name: title })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Confirmar' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeTruthy();
  });

  it('calls back on each button', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<ConfirmDialog open message="Apagar?" onConfirm={onConfirm} onCancel={onCancel} />);
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onCancel).toHaveBeenCalledOnce();
  });
});

function AskButton({ onResult }: { onResult: (value: boolean) => void }) {
  const confirm = useConfirm();
  return (
    <button
      type="button"
      onClick={async () => onResult(await confirm({ message: 'Excluir?', variant: 'error' }))}
    >
      Excluir
    </button>
  );
}

describe('useConfirm', () => {
  it('resolves true on Confirmar and false on Cancelar', async () => {
    const results: boolean[] = [];
    render(
      <ConfirmProvider>
        <AskButton onResult={(v) => results.push(v)} />
      </ConfirmProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Excluir' }));
    await screen.findByRole('dialog', { name: 'Confirmar exclusão' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirmar' })));
    fireEvent.click(screen.getByRole('button', { name: 'Excluir' }));
    await screen.findByRole('dialog');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancelar' })));
    expect(results).toEqual([true, false]);
  });
});
