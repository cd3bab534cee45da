import type { MaskedSecret } from '@atende/contracts';
import { KeyRound } from 'lucide-react';
import { Button } from '@/components/ui';
import { Field, inputClass } from './fields';

/** What the form sends for a secret: a new value, null to remove, or undefined to keep. */
export type SecretChange = string | null | undefined;

/**
 * A write-only secret: the stored one is only ever shown masked; typing replaces it, "Remover"
 * clears it, leaving it alone keeps it.
 */
export function SecretField({
  label,
  stored,
  change,
  onChange,
  error,
  gender = 'f',
}: {
  label: string;
  stored: MaskedSecret;
  change: SecretChange;
  onChange: (change: SecretChange) => void;
  error?: string;
  /** The gender of the label's noun, which the state agrees with: "Chave … não definida", "Token … não definido". */
  gender?: 'f' | 'm';
}) {
  const ending = gender === 'f' ? 'a' : 'o';
  const unset = `Não definid${ending}`;
  const status =
    change === null
      ? `Será removid${ending} ao salvar`
      : stored.isSet
        ? `Definid${ending} (${stored.masked ?? '••••'}) — digite para substituir`
        : unset;
  return (
    <Field label={label} hint={status} error={error}>
      {(a11y) => (
        <div className="flex gap-2">
          <div className="relative min-w-0 flex-1">
            <KeyRound
              aria-hidden="true"
              className="pointer-events-none absolute top-2.5 left-3 size-4 text-slate-400"
            />
            <input
              {...a11y}
              type="password"
              autoComplete="off"
              placeholder={stored.isSet ? (stored.masked ?? '••••') : unset}
              value={typeof change === 'string' ? change : ''}
              onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
              className={`${inputClass} pl-9`}
            />
          </div>
          {stored.isSet && change !== null && (
            <Button variant="secondary" onClick={() => onChange(null)}>
              Remover
            </Button>
          )}
          {change === null && (
            <Button variant="ghost" onClick={() => onChange(undefined)}>
              Manter
            </Button>
          )}
        </div>
      )}
    </Field>
  );
}
