import { KeyRound, Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { inputClass } from '@/components/form/fields';
import type { FieldErrors } from '@/components/form/use-zod-form';
import { Button } from '@/components/ui';
import { cn } from '@/lib/cn';
import { type HeaderRow, newHeaderRow } from '../lib/lookup-form';

/** The server keeps at most this many. */
const MAX_HEADERS = 10;

/**
 * The headers sent to the store (an API key, usually): names in the clear, values write-only — a
 * stored value is only ever shown masked, typing replaces it.
 */
export function LookupHeaderFields({
  headers,
  onChange,
  errors,
}: {
  headers: HeaderRow[];
  onChange: (headers: HeaderRow[]) => void;
  errors: FieldErrors;
}) {
  const id = useId();
  const update = (index: number, patch: Partial<HeaderRow>) =>
    onChange(headers.map((header, i) => (i === index ? { ...header, ...patch } : header)));

  return (
    <fieldset className="min-w-0 space-y-2" aria-describedby={`${id}-hint`}>
      <legend className="font-medium text-slate-700 text-sm dark:text-slate-200">Cabeçalhos</legend>
      <p id={`${id}-hint`} className="text-slate-500 text-xs dark:text-slate-400">
        Por exemplo <span className="font-mono">Authorization</span> com a chave da API da loja. Os valores
        ficam guardados e nunca voltam para a tela.
      </p>
      {headers.length > 0 ? (
        <ul className="space-y-3">
          {headers.map((header, index) => {
            const nameError = errors[`headers.${index}.name`];
            const valueError = errors[`headers.${index}.value`];
            const number = index + 1;
            return (
              <li
                key={header.key}
                data-testid="lookup-header"
                className="grid grid-cols-[1fr_auto] gap-2 rounded-lg border border-slate-200 p-2.5 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)_auto] sm:border-0 sm:p-0 dark:border-slate-800"
              >
                <div className="min-w-0">
                  <label htmlFor={`${id}-name-${header.key}`} className="sr-only">
                    Nome do cabeçalho {number}
                  </label>
                  <input
                    id={`${id}-name-${header.key}`}
                    value={header.name}
                    placeholder="Authorization"
                    autoComplete="off"
                    spellCheck={false}
                    maxLength={100}
                    aria-invalid={Boolean(nameError)}
                    aria-describedby={nameError ? `${id}-name-error-${header.key}` : undefined}
                    onChange={(event) => update(index, { name: event.target.value })}
                    className={cn(inputClass, 'font-mono')}
                  />
                  {nameError ? (
                    <p
                      id={`${id}-name-error-${header.key}`}
                      role="alert"
                      className="mt-1 text-red-600 text-xs dark:text-red-400"
                    >
                      {nameError}
                    </p>
                  ) : null}
                </div>
                <div className="col-span-2 row-start-2 min-w-0 sm:col-span-1 sm:col-start-2 sm:row-start-1">
                  <label htmlFor={`${id}-value-${header.key}`} className="sr-only">
                    Valor do cabeçalho {number}
                  </label>
                  <div className="relative">
                    <KeyRound
                      aria-hidden="true"
                      className="pointer-events-none absolute top-2.5 left-3 size-4 text-slate-400"
                    />
                    <input
                      id={`${id}-value-${header.key}`}
                      type="password"
                      autoComplete="off"
                      value={header.value}
                      placeholder={
                        header.stored?.isSet ? `${header.stored.masked ?? '••••'} (guardado)` : 'Valor'
                      }
                      aria-invalid={Boolean(valueError)}
                      aria-describedby={
                        valueError
                          ? `${id}-value-error-${header.key}`
                          : header.stored?.isSet
                            ? `${id}-value-hint-${header.key}`
                            : undefined
                      }
                      onChange={(event) => update(index, { value: event.target.value })}
                      className={cn(inputClass, 'pl-9')}
                    />
                  </div>
                  {valueError ? (
                    <p
                      id={`${id}-value-error-${header.key}`}
                      role="alert"
                      className="mt-1 text-red-600 text-xs dark:text-red-400"
                    >
                      {valueError}
                    </p>
                  ) : header.stored?.isSet ? (
                    <p
                      id={`${id}-value-hint-${header.key}`}
                      className="mt-1 text-slate-500 text-xs dark:text-slate-400"
                    >
                      {header.value ? 'Será substituído ao salvar' : 'Guardado — digite para substituir'}
                    </p>
                  ) : null}
                </div>
                <Button
                  variant="ghost"
                  className="col-start-2 row-start-1 px-2 sm:col-start-3"
                  aria-label={`Remover o cabeçalho ${header.name || number}`}
                  onClick={() => onChange(headers.filter((_, i) => i !== index))}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {errors.headers ? (
        <p role="alert" className="text-red-600 text-xs dark:text-red-400">
          {errors.headers}
        </p>
      ) : null}
      <Button
        size="sm"
        variant="secondary"
        disabled={headers.length >= MAX_HEADERS}
        onClick={() => onChange([...headers, newHeaderRow()])}
      >
        <Plus aria-hidden="true" className="size-4" />
        Adicionar cabeçalho
      </Button>
    </fieldset>
  );
}
