import type { UseMutationResult } from '@tanstack/react-query';
import type { z } from 'zod';
import { useZodForm } from './use-zod-form';

/**
 * A list item's inline form on the form kit: `save` creates the item (no `id`) or updates it. A server
 * error that names no field (a duplicate, say) shows on the first field.
 */
export function useItemForm<S extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  schema: S,
  initial: z.input<S>,
  save: UseMutationResult<unknown, Error, z.output<S> & { id?: string | undefined }>,
  id: string | undefined,
  onSaved: () => void,
) {
  const form = useZodForm(schema, initial);
  const [first = ''] = Object.keys(initial);
  const submit = form.handleSubmit(
    async (data) => {
      await save.mutateAsync({ ...data, id });
      onSaved();
    },
    { errorField: first },
  );
  return { ...form, submit, isSaving: save.isPending };
}
