import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** The list of an integration card: one row per item, ruled between. */
export function ItemList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul aria-label={label} className="divide-y divide-slate-200 dark:divide-slate-800">
      {children}
    </ul>
  );
}

/** One item: what it is on the left, its controls on the right (below it on a phone). */
export function ItemRow({ className, ...rest }: HTMLAttributes<HTMLLIElement>) {
  return (
    <li
      className={cn('flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:gap-4', className)}
      {...rest}
    />
  );
}

/** An item's name and, beside it, its badges. */
export function ItemTitle({
  children,
  badges,
  isMuted = false,
}: {
  children: ReactNode;
  badges?: ReactNode;
  isMuted?: boolean;
}) {
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <h3
        className={cn(
          'min-w-0 truncate font-medium text-sm',
          isMuted ? 'text-slate-500 dark:text-slate-400' : 'text-slate-900 dark:text-slate-100',
        )}
      >
        {children}
      </h3>
      {badges}
    </div>
  );
}

/** A small grey tag beside an item's name (Principal). */
export function ItemTag({ children }: { children: ReactNode }) {
  return (
    <span className="rounded bg-slate-100 px-1.5 py-px font-medium text-[11px] text-slate-600 dark:bg-slate-800 dark:text-slate-300">
      {children}
    </span>
  );
}
