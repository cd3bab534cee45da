import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useEffect,
  useId,
  useState,
} from 'react';
import { SwitchButton } from '@/components/ui/switch';
import { cn } from '@/lib/cn';

export const inputClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 text-sm placeholder:text-slate-400 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:cursor-not-allowed disabled:bg-slate-50 aria-[invalid=true]:border-red-500 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100 dark:disabled:bg-slate-900';

interface FieldProps {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}

/** Label, control, hint and the field's error (announced to screen readers). */
export function Field({ label, hint, error, className, children }: FieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className="block font-medium text-slate-700 text-sm dark:text-slate-200">
        {label}
      </label>
      <div className="mt-1.5">
        {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy || undefined })}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-slate-500 text-xs dark:text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-red-600 text-xs dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'>;

export function TextField({
  label,
  hint,
  error,
  value,
  onChange,
  className,
  ...rest
}: InputProps & {
  label: string;
  hint?: ReactNode;
  error?: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(a11y) => (
        <input
          {...rest}
          {...a11y}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className={inputClass}
        />
      )}
    </Field>
  );
}

/** A number input that keeps what is typed; an empty or partial entry reaches validation as NaN. */
export function NumberField({
  label,
  hint,
  error,
  value,
  onChange,
  className,
  ...rest
}: InputProps & {
  label: string;
  hint?: ReactNode;
  error?: string;
  value: number;
  onChange: (v: number) => void;
}) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(a11y) => (
        <input
          {...rest}
          {...a11y}
          type="number"
          inputMode="decimal"
          value={Number.isFinite(value) ? value : ''}
          onChange={(e) => onChange(e.target.value === '' ? Number.NaN : Number(e.target.value))}
          className={inputClass}
        />
      )}
    </Field>
  );
}

export function TextAreaField({
  label,
  hint,
  error,
  value,
  onChange,
  className,
  ...rest
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'> & {
  label: string;
  hint?: ReactNode;
  error?: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(a11y) => (
        <textarea
          rows={3}
          {...rest}
          {...a11y}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className={cn(inputClass, 'resize-y')}
        />
      )}
    </Field>
  );
}

/** An on/off switch with its label and description. */
export function ToggleField({
  label,
  description,
  checked,
  onChange,
}: {
  label: string;
  description?: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="min-w-0">
        <label htmlFor={id} className="font-medium text-slate-700 text-sm dark:text-slate-200">
          {label}
        </label>
        {description && <p className="mt-0.5 text-slate-500 text-xs dark:text-slate-400">{description}</p>}
      </div>
      <SwitchButton id={id} size="md" checked={checked} onChange={onChange} />
    </div>
  );
}

/** A comma-separated list edited as text (`atendente, humano`); empty items are dropped. */
export function ListField({
  label,
  hint,
  error,
  value,
  onChange,
  placeholder,
}: {
  label: string;
  hint?: ReactNode;
  error?: string;
  value: string[];
  onChange: (v: string[]) => void;
  placeholder?: string;
}) {
  const [text, setText] = useState(value.join(', '));
  const joined = value.join(', ');
  // Fresh values from the server (after a save or a reset) replace what is typed.
  useEffect(() => {
    setText((current) => (splitList(current).join(', ') === joined ? current : joined));
  }, [joined]);
  return (
    <TextField
      label={label}
      hint={hint}
      error={error}
      placeholder={placeholder}
      value={text}
      onChange={(next) => {
        setText(next);
        onChange(splitList(next));
      }}
    />
  );
}

function splitList(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

export interface SelectOption<T extends string> {
  value: T;
  label: string;
}

export interface SelectGroup<T extends string> {
  group: string;
  options: ReadonlyArray<SelectOption<T>>;
}

/** A native select (keyboard and screen readers for free), its options flat or in named groups. */
export function SelectField<T extends string>({
  label,
  hint,
  error,
  value,
  onChange,
  options,
  placeholder,
  className,
  ...rest
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> & {
  label: string;
  hint?: ReactNode;
  error?: string;
  value: T | '';
  onChange: (v: T) => void;
  options: ReadonlyArray<SelectOption<T> | SelectGroup<T>>;
  /** A first, unselectable line while nothing is chosen ("Escolha…"). */
  placeholder?: string;
}) {
  const option = (o: SelectOption<T>) => (
    <option key={o.value} value={o.value}>
      {o.label}
    </option>
  );
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(a11y) => (
        <select
          {...rest}
          {...a11y}
          value={value}
          onChange={(e) => onChange(e.target.value as T)}
          className={inputClass}
        >
          {placeholder !== undefined && (
            <option value="" disabled>
              {placeholder}
            </option>
          )}
          {options.map((o) =>
            'group' in o ? (
              <optgroup key={o.group} label={o.group}>
                {o.options.map(option)}
              </optgroup>
            ) : (
              option(o)
            ),
          )}
        </select>
      )}
    </Field>
  );
}
