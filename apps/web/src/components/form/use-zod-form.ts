import { useCallback, useEffect, useState } from 'react';
import { z } from 'zod';
import { ApiError } from '@/lib/api-client';

// The contracts' built-in messages in pt-BR, as the server shows them.
z.config(z.locales.ptBR());

export type FieldErrors = Record<string, string>;

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

/**
 * A form over a zod schema: values, per-field errors (client-side on submit, server-side after),
 * and a reset whenever fresh values arrive from the server.
 */
export function useZodForm<S extends z.ZodType<Record<string, unknown>>>(schema: S, initial: z.input<S>) {
  const [values, setValues] = useState<z.input<S>>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  useEffect(() => {
    setValues(initial);
    setErrors({});
  }, [initial]);

  const set = useCallback(<K extends keyof z.input<S>>(field: K, value: z.input<S>[K]) => {
    setValues((current) => ({ ...(current as object), [field]: value }) as z.input<S>);
    setErrors((current) => {
      if (!((field as string) in current)) return current;
      const { [field as string]: _removed, ...rest } = current;
      return rest;
    });
  }, []);

  /** The parsed values, or null with the errors shown. */
  const validate = (): z.output<S> | null => {
    const parsed = schema.safeParse(values);
    if (parsed.success) {
      setErrors({});
      return parsed.data;
    }
    setErrors(issuesToErrors(parsed.error));
    return null;
  };

  const isDirty = JSON.stringify(values) !== JSON.stringify(initial);
  return { values, set, setValues, errors, setErrors, validate, isDirty };
}
