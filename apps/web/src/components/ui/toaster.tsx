import { AlertTriangle, CheckCircle2, Info, X, XCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { useToastClearanceTop } from './toast-clearance';
import { type Toast, type ToastType, toast, useToasts } from './toast-store';

/** Below the sticky top bar (5rem), and below any controls a screen asks to keep clear. */
const TOP_PX = 80;
const GAP_PX = 8;

const styles: Record<ToastType, { Icon: typeof Info; icon: string; bar: string }> = {
  success: { Icon: CheckCircle2, icon: 'text-emerald-600 dark:text-emerald-400', bar: 'bg-emerald-500' },
  error: { Icon: XCircle, icon: 'text-red-600 dark:text-red-400', bar: 'bg-red-500' },
  warning: { Icon: AlertTriangle, icon: 'text-amber-600 dark:text-amber-400', bar: 'bg-amber-500' },
  info: { Icon: Info, icon: 'text-indigo-600 dark:text-indigo-400', bar: 'bg-indigo-500' },
};

/** Top-right stack of toasts, clear of the controls above it so they stay usable. Mounted once. */
export function Toaster() {
  const items = useToasts();
  const clearance = useToastClearanceTop();
  return (
    <section
      aria-label="Notificações"
      aria-live="polite"
      style={{ top: Math.max(TOP_PX, clearance + GAP_PX) }}
      className="pointer-events-none fixed right-4 left-4 z-[60] flex flex-col items-end gap-2 sm:left-auto sm:w-96"
    >
      {items.map((item) => (
        <ToastItem key={item.id} item={item} />
      ))}
    </section>
  );
}

function ToastItem({ item }: { item: Toast }) {
  const [paused, setPaused] = useState(false);
  const remaining = useRef(item.duration);
  const { Icon, icon, bar } = styles[item.type];

  useEffect(() => {
    if (item.duration <= 0 || paused) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => toast.dismiss(item.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - startedAt;
    };
  }, [item.id, item.duration, paused]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover/focus only pause the auto-dismiss timer
    <div
      role={item.type === 'error' ? 'alert' : 'status'}
      data-toast-type={item.type}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      className="pointer-events-auto relative flex w-full gap-3 overflow-hidden rounded-lg border border-slate-200 bg-white py-3 pr-3 pl-4 shadow-lg animate-[slide-in_180ms_ease-out] dark:border-slate-700 dark:bg-slate-900"
    >
      <span aria-hidden="true" className={cn('absolute inset-y-0 left-0 w-1', bar)} />
      <Icon aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', icon)} />
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900 text-sm dark:text-slate-100">{item.title}</p>
        {item.message && (
          <p className="mt-0.5 break-words text-slate-600 text-sm dark:text-slate-300">{item.message}</p>
        )}
        {item.actions && item.actions.length > 0 && (
          <div className="mt-2 flex flex-wrap gap-2">
            {item.actions.map((action) => (
              <button
                key={action.label}
                type="button"
                onClick={() => {
                  action.action();
                  toast.dismiss(item.id);
                }}
                className={cn(
                  'rounded-md px-2.5 py-1 font-medium text-xs focus-visible:outline-2 focus-visible:outline-indigo-500',
                  action.style === 'primary'
                    ? 'bg-indigo-600 text-white hover:bg-indigo-700'
                    : 'border border-slate-300 text-slate-700 hover:bg-slate-50 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800',
                )}
              >
                {action.label}
              </button>
            ))}
          </div>
        )}
      </div>
      <button
        type="button"
        aria-label="Fechar notificação"
        onClick={() => toast.dismiss(item.id)}
        className="-m-1 h-fit shrink-0 rounded-md p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-slate-800 dark:hover:text-slate-200"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
