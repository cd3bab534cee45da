import { useId } from 'react';
import { cn } from '@/lib/cn';

export interface CheckboxOption<T extends string> {
  value: T;
  label: string;
  /** A second line under the label (e.g. the technical name). */
  detail?: string;
}

/**
 * Several choices from a fixed list (events, permissions): a named group, one labelled checkbox per
 * option, an optional "all" switch, and the error announced to screen readers.
 */
export function CheckboxGroup<T extends string>({
  legend,
  hint,
  options,
  value,
  onChange,
  error,
  selectAll = false,
  className,
}: {
  legend: string;
  hint?: string;
  options: ReadonlyArray<CheckboxOption<T>>;
  value: readonly T[];
  onChange: (value: T[]) => void;
  error?: string;
  /** Offers "Marcar todos" / "Desmarcar todos". */
  selectAll?: boolean;
  className?: string;
}) {
  const id = useId();
  const chosen = new Set(value);
  const allChosen = options.every((option) => chosen.has(option.value));
  // The order of the list, whatever order they were ticked in.
  const toggle = (option: T, checked: boolean) =>
    onChange(options.map((o) => o.value).filter((v) => (v === option ? checked : chosen.has(v))));
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');

  return (
    // Named by a span, not a legend: a legend's special layout cannot share a row with the button.
    <fieldset
      aria-labelledby={`${id}-legend`}
      aria-describedby={describedBy || undefined}
      className={cn('min-w-0', className)}
    >
      <div className="flex items-baseline justify-between gap-3">
        <span id={`${id}-legend`} className="font-medium text-slate-700 text-sm dark:text-slate-200">
          {legend}
        </span>
        {selectAll ? (
          <button
            type="button"
            onClick={() => onChange(allChosen ? [] : options.map((o) => o.value))}
            className="shrink-0 rounded font-medium text-indigo-600 text-xs hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-400"
          >
            {allChosen ? 'Desmarcar todos' : 'Marcar todos'}
          </button>
        ) : null}
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="mt-0.5 text-slate-500 text-xs dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'flex cursor-pointer items-start gap-2.5 rounded-lg border px-3 py-2 transition-colors has-focus-visible:outline-2 has-focus-visible:outline-indigo-500',
              chosen.has(option.value)
                ? 'border-indigo-300 bg-indigo-50/60 dark:border-indigo-500/50 dark:bg-indigo-500/10'
                : 'border-slate-200 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800/60',
            )}
          >
            <input
              type="checkbox"
              value={option.value}
              checked={chosen.has(option.value)}
              onChange={(event) => toggle(option.value, event.target.checked)}
              className="mt-0.5 size-4 shrink-0 accent-indigo-600"
            />
            <span className="min-w-0">
              <span className="block text-slate-800 text-sm dark:text-slate-100">{option.label}</span>
              {option.detail ? (
                <span className="block break-all font-mono text-[11px] text-slate-500 dark:text-slate-400">
                  {option.detail}
                </span>
              ) : null}
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-red-600 text-xs dark:text-red-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
