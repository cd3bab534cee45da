import type { Inbox, InboxSettingsField } from '@atende/contracts';
import { KeyRound } from 'lucide-react';
import { Field, inputClass } from '@/components/form/fields';
import { isSecretSet, type SettingsErrors, type SettingsValues } from '../lib/settings-form';

interface Props {
  fields: readonly InboxSettingsField[];
  values: SettingsValues;
  errors: SettingsErrors;
  /** The inbox's stored settings when editing (secrets as `{ set }`). */
  stored?: Inbox['settings'];
  onChange: (key: string, value: string) => void;
}

/** A channel kind's settings, rendered from the fields the server describes. */
export function InboxSettingsFields({ fields, values, errors, stored, onChange }: Props) {
  if (fields.length === 0) return null;
  return (
    <div className="grid gap-4 sm:grid-cols-2" data-testid="inbox-settings-fields">
      {fields.map((field) => {
        const isSecret = field.type === 'secret';
        const saved = isSecret && isSecretSet(stored, field.key);
        const hint = saved ? (
          <>{field.help ? `${field.help} ` : null}Deixe em branco para manter o valor salvo.</>
        ) : (
          field.help
        );
        return (
          <Field
            key={field.key}
            label={field.required ? `${field.label} *` : field.label}
            hint={hint ?? undefined}
            error={errors[field.key]}
            // Long values (tokens, URLs) get the whole row.
            className={isSecret || field.type === 'text' ? 'sm:col-span-2' : undefined}
          >
            {(a11y) => (
              <div className="relative">
                {isSecret ? (
                  <KeyRound
                    aria-hidden="true"
                    className="pointer-events-none absolute top-2.5 left-3 size-4 text-slate-400"
                  />
                ) : null}
                <input
                  {...a11y}
                  name={field.key}
                  type={isSecret ? 'password' : field.type === 'number' ? 'number' : 'text'}
                  inputMode={field.type === 'number' ? 'decimal' : undefined}
                  autoComplete={isSecret ? 'new-password' : 'off'}
                  spellCheck={false}
                  required={field.required && !saved}
                  placeholder={saved ? '••• salvo' : (field.placeholder ?? undefined)}
                  value={values[field.key] ?? ''}
                  onChange={(event) => onChange(field.key, event.target.value)}
                  className={isSecret ? `${inputClass} pl-9` : inputClass}
                />
              </div>
            )}
          </Field>
        );
      })}
    </div>
  );
}
