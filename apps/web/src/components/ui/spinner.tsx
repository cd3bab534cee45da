import { cn } from '@/lib/cn';

export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  className?: string;
  /** Accessible label; null when the spinner is decorative (e.g. inside a busy button). */
  label?: string | null;
}

const sizes = { sm: 'size-4 border-2', md: 'size-6 border-2', lg: 'size-10 border-[3px]' };

export function Spinner({ size = 'md', className, label = 'Carregando...' }: SpinnerProps) {
  return (
    <span role={label ? 'status' : undefined} aria-hidden={label ? undefined : true} className="inline-flex">
      <span
        className={cn(
          'inline-block animate-spin rounded-full border-current border-r-transparent text-indigo-600 dark:text-indigo-400',
          sizes[size],
          className,
        )}
      />
      {label && <span className="sr-only">{label}</span>}
    </span>
  );
}
