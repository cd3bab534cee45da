import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { cn } from '@/lib/cn';

export type ModalSize = 'sm' | 'md' | 'lg' | 'xl' | 'full';

const sizes: Record<ModalSize, string> = {
  sm: 'max-w-sm',
  md: 'max-w-lg',
  lg: 'max-w-2xl',
  xl: 'max-w-4xl',
  full: 'max-w-[calc(100vw-2rem)] h-[calc(100dvh-2rem)]',
};

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Required: it names the dialog for assistive technology. */
  title: ReactNode;
  description?: ReactNode;
  size?: ModalSize;
  /** Escape closes the modal (default true). */
  closeOnEscape?: boolean;
  /** A click on the overlay closes the modal (default true). */
  closeOnOverlayClick?: boolean;
  /** Shows the × button in the header (default true). */
  showCloseButton?: boolean;
  /** Footer area, right-aligned (buttons). */
  footer?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/** Radix Dialog underneath: focus is trapped inside and restored to the trigger on close. */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  size = 'md',
  closeOnEscape = true,
  closeOnOverlayClick = true,
  showCloseButton = true,
  footer,
  children,
  className,
}: ModalProps) {
  // Radix restores focus only to a <Dialog.Trigger>; our modals are controlled, so remember the opener.
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement && document.activeElement !== document.body) {
      opener.current = document.activeElement;
    }
  }, [open]);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-[2px] data-[state=open]:animate-[fade-in_150ms_ease-out]" />
        <Dialog.Content
          {...(description ? {} : { 'aria-describedby': undefined })}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (opener.current?.isConnected) opener.current.focus();
            opener.current = null;
          }}
          onEscapeKeyDown={(event) => {
            if (!closeOnEscape) event.preventDefault();
          }}
          onPointerDownOutside={(event) => {
            if (!closeOnOverlayClick) event.preventDefault();
          }}
          onInteractOutside={(event) => {
            if (!closeOnOverlayClick) event.preventDefault();
          }}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl border border-slate-200 bg-white shadow-xl focus:outline-none data-[state=open]:animate-[pop-in_150ms_ease-out] dark:border-slate-800 dark:bg-slate-900',
            sizes[size],
            className,
          )}
        >
          <div className="flex items-start justify-between gap-4 border-slate-200 border-b px-5 py-4 dark:border-slate-800">
            <div className="min-w-0">
              <Dialog.Title className="font-semibold text-base text-slate-900 dark:text-slate-100">
                {title}
              </Dialog.Title>
              {description ? (
                <Dialog.Description className="mt-1 text-slate-500 text-sm dark:text-slate-400">
                  {description}
                </Dialog.Description>
              ) : null}
            </div>
            {showCloseButton && (
              <Dialog.Close
                aria-label="Fechar"
                className="-m-1 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-200"
              >
                <X aria-hidden="true" className="size-5" />
              </Dialog.Close>
            )}
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4 text-slate-700 text-sm dark:text-slate-300">
            {children}
          </div>
          {footer && (
            <div className="flex flex-wrap justify-end gap-2 border-slate-200 border-t px-5 py-3 dark:border-slate-800">
              {footer}
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
