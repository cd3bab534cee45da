import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

/** Slide-in drawer with an overlay for small screens; Escape and overlay click close it. */
export function MobileDrawer({
  open,
  onOpenChange,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay
          data-testid="drawer-overlay"
          className="fixed inset-0 z-40 bg-slate-950/50 data-[state=open]:animate-[fade-in_150ms_ease-out] lg:hidden"
        />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 w-64 max-w-[85vw] border-slate-200 border-r shadow-xl focus:outline-none data-[state=open]:animate-[drawer-in_200ms_ease-out] lg:hidden dark:border-slate-800"
        >
          <Dialog.Title className="sr-only">Menu de navegação</Dialog.Title>
          {children}
          <Dialog.Close
            aria-label="Fechar menu"
            className="absolute top-4 right-3 rounded-md p-1 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-400 dark:hover:bg-slate-800"
          >
            <X aria-hidden="true" className="size-5" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
