import type { z } from 'zod';
import { serverErrors, useZodForm } from '@/components/form/use-zod-form';
import { type SettingsKey, useSaveSettings } from '../api/settings-api';

/**
 * A form over one settings endpoint: useZodForm's values and errors (the server's on their fields), and
 * `card`, what SettingsCard needs to save, discard and show the form's state.
 */
export function useSettingsForm<S extends z.ZodType<Record<string, unknown>>>(
  key: SettingsKey,
  schema: S,
  initial: z.input<S>,
) {
  const form = useZodForm(schema, initial);
  const save = useSaveSettings(key);
  const submit = () => {
    const parsed = form.validate();
    if (!parsed) return;
    save.mutate(parsed, { onError: (error) => form.setErrors(serverErrors(error)) });
  };
  return {
    ...form,
    card: {
      onSubmit: submit,
      onReset: () => form.setValues(initial),
      isDirty: form.isDirty,
      isSaving: save.isPending,
    },
  };
}
