import type { LabelColor } from '@atende/contracts';
import { cn } from '@/lib/cn';

/** Readable in both themes: a tinted background with a darker (or, dark, lighter) text. */
export const LABEL_COLOR_CLASSES: Record<LabelColor, { chip: string; dot: string; name: string }> = {
  slate: {
    chip: 'bg-slate-100 text-slate-700 dark:bg-slate-700/40 dark:text-slate-200',
    dot: 'bg-slate-500',
    name: 'Cinza',
  },
  red: {
    chip: 'bg-red-50 text-red-700 dark:bg-red-500/15 dark:text-red-300',
    dot: 'bg-red-500',
    name: 'Vermelho',
  },
  amber: {
    chip: 'bg-amber-50 text-amber-800 dark:bg-amber-500/15 dark:text-amber-300',
    dot: 'bg-amber-500',
    name: 'Âmbar',
  },
  emerald: {
    chip: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-500/15 dark:text-emerald-300',
    dot: 'bg-emerald-500',
    name: 'Verde',
  },
  sky: {
    chip: 'bg-sky-50 text-sky-700 dark:bg-sky-500/15 dark:text-sky-300',
    dot: 'bg-sky-500',
    name: 'Azul',
  },
  indigo: {
    chip: 'bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-300',
    dot: 'bg-indigo-500',
    name: 'Índigo',
  },
  violet: {
    chip: 'bg-violet-50 text-violet-700 dark:bg-violet-500/15 dark:text-violet-300',
    dot: 'bg-violet-500',
    name: 'Violeta',
  },
  pink: {
    chip: 'bg-pink-50 text-pink-700 dark:bg-pink-500/15 dark:text-pink-300',
    dot: 'bg-pink-500',
    name: 'Rosa',
  },
};

/** A conversation label as a small coloured chip. */
export function LabelChip({
  name,
  color,
  className,
}: {
  name: string;
  color: LabelColor;
  className?: string;
}) {
  return (
    <span
      data-testid="label-chip"
      className={cn(
        'inline-flex max-w-40 items-center gap-1 truncate rounded-full px-2 py-0.5 font-medium text-[11px] leading-4',
        LABEL_COLOR_CLASSES[color].chip,
        className,
      )}
    >
      <span
        aria-hidden="true"
        className={cn('size-1.5 shrink-0 rounded-full', LABEL_COLOR_CLASSES[color].dot)}
      />
      <span className="truncate">{name}</span>
    </span>
  );
}
