import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EditableListCard } from './editable-list-card';
import { ConfirmProvider } from './ui';

interface Item {
  id: string;
  name: string;
}
const ITEMS: Item[] = [
  { id: '1', name: 'Urgente' },
  { id: '2', name: 'Vip' },
];

function renderCard(items: Item[] | undefined, onDelete = vi.fn()) {
  render(
    <ConfirmProvider>
      <EditableListCard<Item>
        title="Etiquetas"
        description="Organize as conversas."
        items={items}
        isPending={items === undefined}
        emptyText="Nenhuma etiqueta ainda."
        renderForm={(item, onDone) => (
          <form aria-label={item ? `Editando ${item.name}` : 'Nova etiqueta'}>
            <button type="button" onClick={onDone}>
              Fechar
            </button>
          </form>
        )}
        renderItem={(item) => <span>{item.name}</span>}
        itemName={(item) => item.name}
        deleteQuestion={(item) => `Excluir a etiqueta "${item.name}"?`}
        onDelete={onDelete}
        rowTestId="row"
        rowAlign="center"
      />
    </ConfirmProvider>,
  );
  return onDelete;
}

describe('EditableListCard', () => {
  it('lists the items and opens the new-item form on top from "Nova"', () => {
    renderCard(ITEMS);
    expect(screen.getAllByTestId('row').map((row) => row.textContent)).toEqual(['Urgente', 'Vip']);
    fireEvent.click(screen.getByRole('button', { name: 'Nova' }));
    expect(screen.getByRole('form', { name: 'Nova etiqueta' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('edits a row in place, by the button named after the item', () => {
    renderCard(ITEMS);
    fireEvent.click(screen.getByRole('button', { name: 'Editar Vip' }));
    expect(screen.getByRole('form', { name: 'Editando Vip' })).toBeTruthy();
    expect(screen.getAllByTestId('row').map((row) => row.textContent)).toEqual(['Urgente']);
  });

  it('deletes only once the question is confirmed', async () => {
    const onDelete = renderCard(ITEMS);
    fireEvent.click(screen.getByRole('button', { name: 'Excluir Urgente' }));
    await screen.findByText('Excluir a etiqueta "Urgente"?');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancelar' })));
    expect(onDelete).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Excluir Urgente' }));
    await screen.findByText('Excluir a etiqueta "Urgente"?');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Excluir' })));
    expect(onDelete).toHaveBeenCalledWith(ITEMS[0]);
  });

  it('says when the list is empty, but not while a new item is written', () => {
    renderCard([]);
    expect(screen.getByText('Nenhuma etiqueta ainda.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Nova' }));
    expect(screen.queryByText('Nenhuma etiqueta ainda.')).toBeNull();
  });
});
