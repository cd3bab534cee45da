import { Copy, Eye, EyeOff, Wand2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/components/ui';
import { Field, inputClass } from './fields';
import { generatePassword } from './generate-password';

/** A new password with show/hide, "gerar" and "copiar". */
export function PasswordInput({
  label,
  value,
  onChange,
  error,
  hint,
  canGenerate = false,
  autoComplete = 'new-password',
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  hint?: string;
  canGenerate?: boolean;
  autoComplete?: string;
}) {
  const [visible, setVisible] = useState(false);
  const iconButton =
    'flex size-9 shrink-0 items-center justify-center rounded-lg border border-slate-300 text-slate-500 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-700 dark:text-slate-300 dark:hover:bg-slate-800';
  return (
    <Field label={label} error={error} hint={hint}>
      {(a11y) => (
        <div className="flex gap-2">
          <input
            {...a11y}
            type={visible ? 'text' : 'password'}
            autoComplete={autoComplete}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            className={inputClass}
          />
          <button
            type="button"
            className={iconButton}
            onClick={() => setVisible((v) => !v)}
            aria-label={visible ? 'Ocultar senha' : 'Mostrar senha'}
          >
            {visible ? (
              <EyeOff aria-hidden="true" className="size-4" />
            ) : (
              <Eye aria-hidden="true" className="size-4" />
            )}
          </button>
          {canGenerate && (
            <button
              type="button"
              className={iconButton}
              aria-label="Gerar senha"
              title="Gerar senha"
              onClick={() => {
                onChange(generatePassword());
                setVisible(true);
              }}
            >
              <Wand2 aria-hidden="true" className="size-4" />
            </button>
          )}
          {canGenerate && value && (
            <button
              type="button"
              className={iconButton}
              aria-label="Copiar senha"
              title="Copiar senha"
              onClick={() =>
                void navigator.clipboard
                  ?.writeText(value)
                  .then(() => toast.success('Senha copiada'))
                  .catch(() => toast.error('Não foi possível copiar'))
              }
            >
              <Copy aria-hidden="true" className="size-4" />
            </button>
          )}
        </div>
      )}
    </Field>
  );
}
