import { useState } from 'react';
import type { z } from 'zod';
import type { SecretChange } from '@/components/form/secret-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { type SettingsKey, useSaveSettings } from '../api/settings-api';

/**
 * A form over one settings endpoint: useZodForm's values and errors (the server's on their fields), and
 * `card`, what SettingsCard needs to save, discard and show the form's state.
 *
 * With `secret` (the body's field of a key, say `apiKey`), the form also keeps that key's change for a
 * SecretField (`secret`: spread it on the field): the stored key is never read back, so it is no value
 * of the form; it is sent only when typed or removed (`withSecret`), and saving or discarding forgets it.
 */
export function useSettingsForm<S extends z.ZodType<Record<string, unknown>>, K extends string = never>(
  key: SettingsKey,
  schema: S,
  initial: z.input<S>,
  options: { secret?: K } = {},
) {
  const form = useZodForm(schema, initial);
  const save = useSaveSettings(key);
  const [secret, setSecret] = useState<SecretChange>(undefined);
  const withSecret = <T extends object>(data: T) =>
    (secret === undefined || options.secret === undefined
      ? data
      : { ...data, [options.secret]: secret }) as T & Partial<Record<K, string | null>>;
  return {
    ...form,
    secret: { change: secret, onChange: setSecret },
    withSecret,
    card: {
      onSubmit: form.handleSubmit(async (data) => {
        await save.mutateAsync(withSecret(data));
        setSecret(undefined);
      }),
      onReset: () => {
        form.reset();
        setSecret(undefined);
      },
      isDirty: form.isDirty || secret !== undefined,
      isSaving: save.isPending,
    },
  };
}
