import { APP_VERSION } from '@atende/contracts';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';

export function AppFooter({ className }: { className?: string }) {
  const linkClass =
    'rounded hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:text-slate-100';
  return (
    <footer
      className={cn(
        'border-slate-200 border-t px-4 py-4 text-slate-500 text-xs sm:px-6 dark:border-slate-800 dark:text-slate-400',
        className,
      )}
    >
      <div className="flex flex-col items-center justify-between gap-2 sm:flex-row">
        <p>© {new Date().getFullYear()} Atende. Todos os direitos reservados.</p>
        <nav aria-label="Rodapé" className="flex items-center gap-4">
          <Link to="/docs" className={linkClass}>
            Documentação
          </Link>
          <Link to="/support" className={linkClass}>
            Suporte
          </Link>
          <span className="rounded-full bg-slate-100 px-2 py-0.5 font-mono text-[0.7rem] text-slate-600 dark:bg-slate-800 dark:text-slate-300">
            v{APP_VERSION}
          </span>
        </nav>
      </div>
    </footer>
  );
}
