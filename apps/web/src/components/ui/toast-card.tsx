import { AlertTriangle, CheckCircle2, Info, X, XCircle } from 'lucide-react';
import { cn } from '@/lib/cn';
import type { Toast, ToastType } from './toast-types';

const styles: Record<ToastType, { Icon: typeof Info; icon: string; bar: string }> = {
  success: { Icon: CheckCircle2, icon: 'text-emerald-600 dark:text-emerald-400', bar: 'bg-emerald-500' },
  error: { Icon: XCircle, icon: 'text-red-600 dark:text-red-400', bar: 'bg-red-500' },
  warning: { Icon: AlertTriangle, icon: 'text-amber-600 dark:text-amber-400', bar: 'bg-amber-500' },
  info: { Icon: Info, icon: 'text-indigo-600 dark:text-indigo-400', bar: 'bg-indigo-500' },
};

/** One toast's face (sonner positions, times and stacks it): icon, title, message, actions, close. */
export function ToastCard({ toast, onClose }: { toast: Toast; onClose: () => void }) {
  const { Icon, icon, bar } = styles[toast.type];
  return (
    <div
      role={toast.type === 'error' ? 'alert' : 'status'}
      data-toast-type={toast.type}
      className="relative flex w-full gap-3 overflow-hidden rounded-lg border border-slate-200 bg-white py-3 pr-3 pl-4 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
    >
      <span aria-hidden="true" className={cn('absolute inset-y-0 left-0 w-1', bar)} />
      <Icon aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', icon)} />
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900 dark:text-slate-100">{toast.title}</p>
        {toast.message && (
          <p className="mt-0.5 break-words text-slate-600 dark:text-slate-300">{toast.message}</p>
        )}
        {toast.actions && toast.actions.length > 0 && (
          <div className="mt-2 flex flex-wrap gap-2">
            {toast.actions.map((action) => (
              <button
                key={action.label}
                type="button"
                onClick={() => {
                  action.action();
                  onClose();
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
        onClick={onClose}
        className="-m-1 h-fit shrink-0 rounded-md p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-slate-800 dark:hover:text-slate-200"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
