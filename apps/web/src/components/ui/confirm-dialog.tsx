import { AlertTriangle, Info, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Button } from './button';
import { Modal } from './modal';

export type ConfirmVariant = 'warning' | 'error' | 'info';

/** Each variant's default title. */
export const CONFIRM_TITLES: Record<ConfirmVariant, string> = {
  warning: 'Confirmar ação',
  error: 'Confirmar exclusão',
  info: 'Confirmar',
};

const icons: Record<ConfirmVariant, { Icon: typeof Info; className: string }> = {
  warning: {
    Icon: AlertTriangle,
    className: 'bg-amber-100 text-amber-700 dark:bg-amber-500/15 dark:text-amber-300',
  },
  error: { Icon: Trash2, className: 'bg-red-100 text-red-700 dark:bg-red-500/15 dark:text-red-300' },
  info: { Icon: Info, className: 'bg-indigo-100 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-300' },
};

export interface ConfirmOptions {
  message: ReactNode;
  variant?: ConfirmVariant;
  title?: string;
  confirmLabel?: string;
  cancelLabel?: string;
}

export interface ConfirmDialogProps extends ConfirmOptions {
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  isLoading?: boolean;
}

export function ConfirmDialog({
  open,
  message,
  variant = 'warning',
  title,
  confirmLabel = 'Confirmar',
  cancelLabel = 'Cancelar',
  onConfirm,
  onCancel,
  isLoading = false,
}: ConfirmDialogProps) {
  const { Icon, className } = icons[variant];
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) onCancel();
      }}
      title={title ?? CONFIRM_TITLES[variant]}
      size="sm"
      showCloseButton={false}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={isLoading}>
            {cancelLabel}
          </Button>
          <Button
            variant={variant === 'error' ? 'danger' : 'primary'}
            onClick={onConfirm}
            isLoading={isLoading}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="flex items-start gap-3">
        <span className={cn('flex size-9 shrink-0 items-center justify-center rounded-full', className)}>
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <div className="pt-1.5">{message}</div>
      </div>
    </Modal>
  );
}
