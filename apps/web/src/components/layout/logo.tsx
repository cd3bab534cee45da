import { MessageCircle } from 'lucide-react';
import { cn } from '@/lib/cn';

export function Logo({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <span
        className={cn(
          'flex size-8 items-center justify-center rounded-lg',
          inverted ? 'bg-white/15 text-white' : 'bg-indigo-600 text-white',
        )}
      >
        <MessageCircle aria-hidden="true" className="size-4.5" />
      </span>
      <span
        className={cn(
          'font-semibold text-lg tracking-tight',
          inverted ? 'text-white' : 'text-slate-900 dark:text-white',
        )}
      >
        Atende
      </span>
    </span>
  );
}
