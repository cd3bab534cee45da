/** Shared classes for the top bar's dropdown menus (Radix DropdownMenu). */
export const menuContentClass =
  'z-50 min-w-56 overflow-hidden rounded-lg border border-slate-200 bg-white p-1 shadow-lg data-[state=open]:animate-[fade-in_120ms_ease-out] dark:border-slate-700 dark:bg-slate-900';

export const menuItemClass =
  'flex cursor-pointer select-none items-center gap-2 rounded-md px-2.5 py-2 text-slate-700 text-sm outline-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900 dark:text-slate-200 dark:data-[highlighted]:bg-slate-800 dark:data-[highlighted]:text-white';

export const iconButtonClass =
  'relative inline-flex size-9 items-center justify-center rounded-lg text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-500 data-[state=open]:bg-slate-100 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100 dark:data-[state=open]:bg-slate-800';
