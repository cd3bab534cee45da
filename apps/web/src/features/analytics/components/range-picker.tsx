import { cn } from '@/lib/cn';
import { type DateRange, RANGE_PRESETS, type RangePreset, todayIn } from '@/lib/date-range';

interface RangePickerProps {
  preset: RangePreset;
  range: DateRange;
  onPreset(preset: RangePreset): void;
  onCustom(range: DateRange): void;
}

/**
 * Presets as a segmented control; 'Personalizado' opens two date fields. On a phone the four fixed
 * ranges share one row and 'Personalizado' takes the row below (one row would cut it off).
 */
export function RangePicker({ preset, range, onPreset, onCustom }: RangePickerProps) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <fieldset className="grid w-full grid-cols-4 gap-0.5 rounded-lg border border-slate-200 bg-white p-0.5 sm:inline-flex sm:w-auto sm:gap-0 dark:border-slate-700 dark:bg-slate-900">
        <legend className="sr-only">Período</legend>
        {RANGE_PRESETS.map((option) => (
          <button
            key={option.id}
            type="button"
            aria-pressed={preset === option.id}
            onClick={() => onPreset(option.id)}
            className={cn(
              'whitespace-nowrap rounded-md px-2 py-1.5 font-medium text-sm transition-colors sm:px-3',
              option.id === 'personalizado' && 'col-span-4',
              preset === option.id
                ? 'bg-indigo-600 text-white shadow-xs'
                : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
            )}
          >
            {option.label}
          </button>
        ))}
      </fieldset>
      {preset === 'personalizado' && <CustomRangeFields range={range} onChange={onCustom} />}
    </div>
  );
}

/** The two date fields of a custom range: no day after today, and `from` never after `to`. */
export function CustomRangeFields({
  range,
  onChange,
}: {
  range: DateRange;
  onChange(range: DateRange): void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <label className="flex items-center gap-1.5 text-slate-600 dark:text-slate-300">
        De
        <input
          type="date"
          value={range.from}
          max={range.to}
          onChange={(e) => e.target.value && onChange({ from: e.target.value, to: range.to })}
          className="rounded-md border border-slate-300 bg-white px-2 py-1 text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
        />
      </label>
      <label className="flex items-center gap-1.5 text-slate-600 dark:text-slate-300">
        até
        <input
          type="date"
          value={range.to}
          min={range.from}
          max={todayIn()}
          onChange={(e) => e.target.value && onChange({ from: range.from, to: e.target.value })}
          className="rounded-md border border-slate-300 bg-white px-2 py-1 text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
        />
      </label>
    </div>
  );
}
