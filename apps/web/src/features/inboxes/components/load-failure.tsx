import type { ReactNode } from 'react';
import { Button } from '@/components/ui';

/** In place of a dialog's form whose data failed to load: what failed (`children`) beside a retry. */
export function LoadFailure({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <p role="alert" className="text-red-700 dark:text-red-300">
        {children}
      </p>
      <Button variant="secondary" onClick={onRetry}>
        Tentar novamente
      </Button>
    </div>
  );
}
