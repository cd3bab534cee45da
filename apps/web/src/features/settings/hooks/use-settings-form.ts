import type { z } from 'zod';
import { useZodForm } from '@/components/form/use-zod-form';
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
  return {
    ...form,
    card: {
      onSubmit: form.handleSubmit((data) => save.mutateAsync(data)),
      onReset: form.reset,
      isDirty: form.isDirty,
      isSaving: save.isPending,
    },
  };
}
