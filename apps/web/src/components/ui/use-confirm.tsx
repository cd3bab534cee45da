import { createContext, type ReactNode, Suspense, useCallback, useContext, useRef, useState } from 'react';
import { deferredComponent } from '@/lib/deferred-component';
import type { ConfirmDialogProps, ConfirmOptions } from './confirm-dialog';

/** The dialog (Radix) loads on the first confirmation: pages that never ask one don't download it. */
const dialog = deferredComponent<ConfirmDialogProps>(() =>
  import('./confirm-dialog').then((m) => ({ default: m.ConfirmDialog })),
);

type ConfirmFn = (options: ConfirmOptions | string) => Promise<boolean>;

const ConfirmContext = createContext<ConfirmFn | null>(null);

/** Hosts one confirmation dialog for the app; `useConfirm()` opens it and resolves true/false. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  // Mounted from the first question on, so later closings still animate.
  const [used, setUsed] = useState(false);
  const resolver = useRef<((value: boolean) => void) | null>(null);

  const confirm = useCallback<ConfirmFn>((input) => {
    resolver.current?.(false);
    setUsed(true);
    setOptions(typeof input === 'string' ? { message: input } : input);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const settle = (value: boolean) => {
    resolver.current?.(value);
    resolver.current = null;
    setOptions(null);
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {used && (
        <Suspense fallback={null}>
          <dialog.Component
            open={options !== null}
            message={options?.message ?? ''}
            variant={options?.variant}
            title={options?.title}
            confirmLabel={options?.confirmLabel}
            cancelLabel={options?.cancelLabel}
            onConfirm={() => settle(true)}
            onCancel={() => settle(false)}
          />
        </Suspense>
      )}
    </ConfirmContext.Provider>
  );
}

/** `if (await confirm({ message: 'Tem certeza…?', variant: 'error' })) …` */
export function useConfirm(): ConfirmFn {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm precisa de <ConfirmProvider>');
  return confirm;
}
