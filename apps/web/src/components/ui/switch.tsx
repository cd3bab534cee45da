import { useId } from 'react';
import { cn } from '@/lib/cn';

const SIZES = {
  sm: { track: 'h-5 w-9', thumb: 'size-4', on: 'translate-x-4.5' },
  md: { track: 'h-6 w-11', thumb: 'size-5', on: 'translate-x-5.5' },
} as const;

/** The bare on/off toggle; its label is the caller's (`id` ties them). */
export function SwitchButton({
  id,
  checked,
  disabled = false,
  ariaLabel,
  size = 'sm',
  onChange,
}: {
  id: string;
  checked: boolean;
  disabled?: boolean;
  ariaLabel?: string;
  size?: keyof typeof SIZES;
  onChange: (checked: boolean) => void;
}) {
  const sizes = SIZES[size];
  return (
    <button
      id={id}
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={ariaLabel}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className={cn(
        'relative inline-flex shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:cursor-not-allowed disabled:opacity-60',
        sizes.track,
        checked ? 'bg-indigo-600' : 'bg-slate-300 dark:bg-slate-700',
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'inline-block rounded-full bg-white shadow transition-transform',
          sizes.thumb,
          checked ? sizes.on : 'translate-x-0.5',
        )}
      />
    </button>
  );
}

/**
 * An on/off switch with a visible label beside it. `ariaLabel` names what it switches when the
 * visible label alone would not (a list of rows each saying "Ligada").
 */
export function Switch({
  label,
  labelFirst = false,
  labelClassName,
  ...button
}: {
  label: string;
  ariaLabel?: string;
  checked: boolean;
  disabled?: boolean;
  labelFirst?: boolean;
  labelClassName?: string;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  const labelElement = (
    <label
      htmlFor={id}
      className={cn('whitespace-nowrap text-slate-600 text-xs dark:text-slate-300', labelClassName)}
    >
      {label}
    </label>
  );
  return (
    <span className="inline-flex items-center gap-2">
      {labelFirst ? labelElement : null}
      <SwitchButton id={id} {...button} />
      {labelFirst ? null : labelElement}
    </span>
  );
}
