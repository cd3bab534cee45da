import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A card's "nothing here yet": an icon, what is missing, what to do (and a button for it). */
export function EmptyState({
  icon: Icon,
  title,
  children,
  action,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-2 px-5 py-10 text-center">
      <Icon aria-hidden="true" className="size-8 text-slate-300 dark:text-slate-600" />
      <p className="font-medium text-slate-800 text-sm dark:text-slate-200">{title}</p>
      <p className="max-w-sm text-slate-500 text-sm dark:text-slate-400">{children}</p>
      {action}
    </div>
  );
}
