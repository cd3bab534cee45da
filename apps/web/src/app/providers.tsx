import { lazy, type ReactNode, Suspense } from 'react';
import { useToasts } from '@/components/ui/toast-store';

const Toaster = lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.Toaster })));

/** App-wide providers. The query cache and confirmation dialog live in the protected layout. */
export function AppProviders({ children }: { children: ReactNode }) {
  const hasToasts = useToasts().length > 0;
  return (
    <>
      {children}
      {hasToasts && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </>
  );
}
