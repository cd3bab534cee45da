import { Spinner } from '@/components/ui/spinner';

/** Full-screen 'Carregando...' while authentication resolves. */
export function FullScreenLoader({ label = 'Carregando...' }: { label?: string }) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-3 bg-slate-50 dark:bg-slate-950">
      <Spinner size="lg" label={null} />
      <p role="status" className="font-medium text-slate-600 text-sm dark:text-slate-300">
        {label}
      </p>
    </div>
  );
}
