import type { Inbox, InboxSettingsField } from '@atende/contracts';

/** What the settings inputs hold: text as typed (numbers too), secrets empty until retyped. */
export type SettingsValues = Record<string, string>;
export type SettingsErrors = Record<string, string>;

/** Whether the server holds a value for a secret field (it only ever says so, never sends it). */
export function isSecretSet(stored: Inbox['settings'] | undefined, key: string): boolean {
  const value = stored?.[key];
  return typeof value === 'object' && value !== null && value.set;
}

/** The form's starting values: the stored text and numbers; secrets start empty (empty keeps them). */
export function initialSettingsValues(
  fields: readonly InboxSettingsField[],
  stored?: Inbox['settings'],
): SettingsValues {
  const values: SettingsValues = {};
  for (const field of fields) {
    const value = stored?.[field.key];
    values[field.key] =
      field.type !== 'secret' && (typeof value === 'string' || typeof value === 'number')
        ? String(value)
        : '';
  }
  return values;
}

/** Field key → pt-BR message; a required secret already stored may stay empty. */
export function validateSettings(
  fields: readonly InboxSettingsField[],
  values: SettingsValues,
  stored?: Inbox['settings'],
): SettingsErrors {
  const errors: SettingsErrors = {};
  for (const field of fields) {
    const value = (values[field.key] ?? '').trim();
    if (!value) {
      const kept = field.type === 'secret' && isSecretSet(stored, field.key);
      if (field.required && !kept) errors[field.key] = 'Campo obrigatório';
      continue;
    }
    if (field.type === 'number' && !Number.isFinite(Number(value))) errors[field.key] = 'Informe um número';
  }
  return errors;
}

/**
 * What is sent: numbers as numbers, empty secrets left out (the stored one stays), empty text left
 * out of a new inbox but sent when editing (clearing a field is a change).
 */
export function settingsPayload(
  fields: readonly InboxSettingsField[],
  values: SettingsValues,
  mode: 'create' | 'edit',
): Record<string, string | number> {
  const payload: Record<string, string | number> = {};
  for (const field of fields) {
    const value = (values[field.key] ?? '').trim();
    if (field.type === 'secret' || field.type === 'number') {
      if (!value) continue;
      payload[field.key] = field.type === 'number' ? Number(value) : value;
      continue;
    }
    if (value || mode === 'edit') payload[field.key] = value;
  }
  return payload;
}
