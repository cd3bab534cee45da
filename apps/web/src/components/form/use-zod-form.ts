import { type FormEvent, useCallback, useState } from 'react';
import { z } from 'zod';
import { ApiError } from '@/lib/api-client';

// The contracts' built-in messages in pt-BR, as the server shows them.
z.config(z.locales.ptBR());

export type FieldErrors = Record<string, string>;
type Values = object;
type AnySchema = z.ZodType<Record<string, unknown>>;

/** Field path → message, from zod issues (`businessHours.start`). */
export function issuesToErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.');
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/** A server validation message (`Dados inválidos — field: message; …`) as field errors. */
export function serverErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const detail = error.message.split(' — ')[1] ?? '';
  const errors: FieldErrors = {};
  for (const part of detail.split(/;\s*/)) {
    const match = /^([\w.]+): (.+)$/.exec(part.trim());
    if (match?.[1] && match[2]) errors[match[1]] = match[2];
  }
  return errors;
}

export interface ZodFormOptions<V> {
  /** What the schema parses, when the values are shaped for the inputs rather than for the request. */
  toInput?: (values: V) => unknown;
  /** Checks the schema cannot make (they need more than the values): field path → message. */
  check?: (values: V) => FieldErrors;
  /** After a failed submit, the errors follow every change instead of clearing with the edited field. */
  revalidate?: boolean;
}

export interface SubmitOptions {
  /** Where a server error that names no field shows: a field's path; none: `failure`, above the form. */
  errorField?: string | ((error: Error) => string | undefined);
  /** Runs on every failed save, after the errors are shown (a toast, say). */
  onError?: (error: Error) => void;
}

/**
 * The values' check: the parsed values, or the errors by field path (the schema's and `check`'s, which
 * win on the same path).
 */
export function parseForm<S extends AnySchema, V>(
  schema: S,
  values: V,
  options: Pick<ZodFormOptions<V>, 'toInput' | 'check'> = {},
): { ok: true; data: z.output<S> } | { ok: false; errors: FieldErrors } {
  const parsed = schema.safeParse(options.toInput ? options.toInput(values) : values);
  const extra = options.check?.(values) ?? {};
  if (!parsed.success) return { ok: false, errors: { ...issuesToErrors(parsed.error), ...extra } };
  if (Object.keys(extra).length > 0) return { ok: false, errors: extra };
  return { ok: true, data: parsed.data };
}

/** Drops a field's error and those under it (`headers` also clears `headers.0.value`). */
function withoutField(errors: FieldErrors, field: string): FieldErrors {
  const kept = Object.entries(errors).filter(([key]) => key !== field && !key.startsWith(`${field}.`));
  return kept.length === Object.keys(errors).length ? errors : Object.fromEntries(kept);
}

/**
 * The one form kit: values over a zod schema, per-field errors (the schema's on submit, the server's
 * after), a `failure` for a server error that names no field, and a reset whenever the initial values
 * change (fresh values from the server). `handleSubmit` runs the save with the parsed values.
 */
export function useZodForm<S extends AnySchema, V extends Values>(
  schema: S,
  initial: V,
  options: ZodFormOptions<V> & { toInput: (values: V) => z.input<S> },
): ZodForm<V, z.output<S>>;
export function useZodForm<S extends AnySchema>(
  schema: S,
  initial: z.input<S>,
  options?: ZodFormOptions<z.input<S>>,
): ZodForm<z.input<S>, z.output<S>>;
export function useZodForm<S extends AnySchema, V extends Values>(
  schema: S,
  initial: V,
  options: ZodFormOptions<V> = {},
): ZodForm<V, z.output<S>> {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isSubmitted, setIsSubmitted] = useState(false);
  // Fresh initial values (by content, so an object rebuilt each render is not a change) replace the form.
  const initialKey = JSON.stringify(initial);
  const [shownKey, setShownKey] = useState(initialKey);
  if (shownKey !== initialKey) {
    setShownKey(initialKey);
    setValues(initial);
    setErrors({});
    setFailure(null);
    setIsSubmitted(false);
  }

  const clearErrors = useCallback((path: string) => setErrors((current) => withoutField(current, path)), []);
  const set = useCallback(
    <K extends keyof V>(field: K, value: V[K]) => {
      setValues((current) => ({ ...current, [field]: value }));
      clearErrors(field as string);
    },
    [clearErrors],
  );

  /** The parsed values, or null with the errors shown. */
  const validate = (): z.output<S> | null => {
    setIsSubmitted(true);
    const result = parseForm(schema, values, options);
    setErrors(result.ok ? {} : result.errors);
    return result.ok ? result.data : null;
  };

  /** An `onSubmit` handler: checks the values, then saves them; a failed save shows on its fields. */
  const handleSubmit =
    (save: (data: z.output<S>) => unknown, submit: SubmitOptions = {}) =>
    async (event?: FormEvent) => {
      event?.preventDefault();
      setFailure(null);
      const data = validate();
      if (data === null) return;
      try {
        await save(data);
      } catch (caught) {
        const error = caught instanceof Error ? caught : new Error('Não foi possível salvar');
        const byField = serverErrors(error);
        const field = typeof submit.errorField === 'function' ? submit.errorField(error) : submit.errorField;
        if (Object.keys(byField).length > 0) setErrors(byField);
        else if (field) setErrors({ [field]: error.message });
        else setFailure(error.message);
        submit.onError?.(error);
      }
    };

  const reset = useCallback(() => {
    setValues(initial);
    setErrors({});
    setFailure(null);
  }, [initial]);

  const isDirty = JSON.stringify(values) !== initialKey;
  // Revalidating, the schema's errors are recomputed as the values change (a server's stay until edited).
  const live = options.revalidate && isSubmitted ? parseForm(schema, values, options) : null;
  const shown = live && !live.ok ? { ...errors, ...live.errors } : errors;
  return {
    values,
    set,
    setValues,
    errors: shown,
    setErrors,
    clearErrors,
    failure,
    validate,
    handleSubmit,
    reset,
    isDirty,
  };
}

export interface ZodForm<V, O> {
  values: V;
  /** Changes one field and clears its errors (and those under it). */
  set: <K extends keyof V>(field: K, value: V[K]) => void;
  setValues: (values: V | ((current: V) => V)) => void;
  errors: FieldErrors;
  setErrors: (errors: FieldErrors) => void;
  /** Drops the errors at `path` and under it, for a change made with `setValues`. */
  clearErrors: (path: string) => void;
  /** A failed save's message that names no field. */
  failure: string | null;
  validate: () => O | null;
  handleSubmit: (save: (data: O) => unknown, options?: SubmitOptions) => (event?: FormEvent) => Promise<void>;
  /** Back to the initial values, without errors. */
  reset: () => void;
  isDirty: boolean;
}
