import { lazy, type ReactNode, Suspense } from 'react';
import { useIsToasterWanted } from '@/components/ui/toast';

const Toaster = lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.Toaster })));

/** App-wide providers. The query cache and confirmation dialog live in the protected layout. */
export function AppProviders({ children }: { children: ReactNode }) {
  const hasToasts = useIsToasterWanted();
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
