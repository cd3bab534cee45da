import { useId } from 'react';
import { cn } from '@/lib/cn';
import { WEEKDAYS, WEEKDAYS_SHORT } from '../lib/rule-sentence';

/** The days of the week as seven toggle buttons (Dom … Sáb), in week order whatever the click order. */
export function DayPicker({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: readonly number[];
  onChange: (days: number[]) => void;
  error?: string;
}) {
  const id = useId();
  const chosen = new Set(value);
  const toggle = (day: number) =>
    onChange([0, 1, 2, 3, 4, 5, 6].filter((d) => (d === day ? !chosen.has(d) : chosen.has(d))));
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} className="min-w-0">
      <legend className="font-medium text-slate-700 text-sm dark:text-slate-200">{label}</legend>
      <div className="mt-1.5 flex flex-wrap gap-1">
        {WEEKDAYS_SHORT.map((short, day) => (
          <button
            key={short}
            type="button"
            aria-pressed={chosen.has(day)}
            aria-label={WEEKDAYS[day]}
            onClick={() => toggle(day)}
            className={cn(
              'h-8 min-w-11 rounded-md border px-2 font-medium text-xs transition-colors focus-visible:outline-2 focus-visible:outline-indigo-500',
              chosen.has(day)
                ? 'border-indigo-600 bg-indigo-600 text-white dark:border-indigo-500 dark:bg-indigo-500'
                : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-200 dark:hover:bg-slate-800',
            )}
          >
            {short}
          </button>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-red-600 text-xs dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
