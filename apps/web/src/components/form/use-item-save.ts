import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { type FieldErrors, issuesToErrors, serverErrors } from './use-zod-form';

/**
 * Saves a list item's inline form: the values are checked against `schema`, then `save` creates the item
 * (no `id`) or updates it. A server error that names no field (a duplicate, say) shows on the first field.
 */
export function useItemSave<S extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  schema: S,
  save: UseMutationResult<unknown, Error, z.output<S> & { id?: string | undefined }>,
  id: string | undefined,
  onSaved: () => void,
) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = (values: z.input<S>) => {
    const parsed = schema.safeParse(values);
    if (!parsed.success) return setErrors(issuesToErrors(parsed.error));
    save.mutate(
      { ...parsed.data, id },
      {
        onSuccess: onSaved,
        onError: (error) => {
          const fields = serverErrors(error);
          const [first = ''] = Object.keys(values);
          setErrors(Object.keys(fields).length ? fields : { [first]: error.message });
        },
      },
    );
  };
  return { errors, submit, isSaving: save.isPending };
}
