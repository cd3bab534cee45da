import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '@/lib/api-client';
import { TextField } from './fields';
import { InlineForm } from './inline-form';
import { useItemForm } from './use-item-form';

const schema = z.object({ shortcut: z.string().min(1, 'Obrigatório'), content: z.string() });
type Saved = z.output<typeof schema> & { id?: string | undefined };

function ReplyForm({
  id,
  save,
  onSaved,
  onCancel,
}: {
  id?: string;
  save: (item: Saved) => Promise<unknown>;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const mutation = useMutation({ mutationFn: save });
  const { values, set, errors, submit, isSaving } = useItemForm(
    schema,
    { shortcut: '', content: '' },
    mutation,
    id,
    onSaved,
  );
  return (
    <InlineForm testId="reply-form" onSubmit={submit} onCancel={onCancel} isSaving={isSaving}>
      <TextField
        label="Atalho"
        value={values.shortcut}
        onChange={(v) => set('shortcut', v)}
        error={errors.shortcut}
      />
      <TextField
        label="Texto"
        value={values.content}
        onChange={(v) => set('content', v)}
        error={errors.content}
      />
    </InlineForm>
  );
}

function renderForm(save: (item: Saved) => Promise<unknown>, id?: string) {
  const onSaved = vi.fn();
  const onCancel = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ReplyForm id={id} save={save} onSaved={onSaved} onCancel={onCancel} />
    </QueryClientProvider>,
  );
  const fill = (label: string, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
  return { onSaved, onCancel, fill, submit };
}

describe('useItemForm with InlineForm', () => {
  it('shows the schema errors on their fields and sends nothing', async () => {
    const save = vi.fn(async () => ({}));
    const form = renderForm(save);
    form.submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Obrigatório');
    expect(screen.getByLabelText('Atalho').getAttribute('aria-invalid')).toBe('true');
    expect(save).not.toHaveBeenCalled();
  });

  it('saves the parsed values with the item id, then calls back', async () => {
    const save = vi.fn(async (_item: Saved) => ({}));
    const form = renderForm(save, 'r1');
    form.fill('Atalho', 'prazo');
    form.fill('Texto', 'Em 3 dias');
    form.submit();
    await waitFor(() => expect(form.onSaved).toHaveBeenCalledOnce());
    expect(save.mock.calls[0]?.[0]).toEqual({ shortcut: 'prazo', content: 'Em 3 dias', id: 'r1' });
  });

  it('puts a server field error on its field, and one naming no field on the first', async () => {
    const save = vi
      .fn<(item: Saved) => Promise<unknown>>()
      .mockRejectedValueOnce(new ApiError('Dados inválidos — content: Muito longo', 400))
      .mockRejectedValueOnce(new ApiError('Atalho já existe', 409));
    const form = renderForm(save);
    form.fill('Atalho', 'prazo');
    form.submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Muito longo');
    expect(screen.getByLabelText('Texto').getAttribute('aria-invalid')).toBe('true');
    form.submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Atalho já existe'));
    expect(screen.getByLabelText('Atalho').getAttribute('aria-invalid')).toBe('true');
    expect(form.onSaved).not.toHaveBeenCalled();
  });

  it('Cancelar closes without saving', () => {
    const save = vi.fn(async () => ({}));
    const form = renderForm(save);
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(form.onCancel).toHaveBeenCalledOnce();
    expect(save).not.toHaveBeenCalled();
  });
});
