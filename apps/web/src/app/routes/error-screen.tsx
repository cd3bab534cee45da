import { buttonClasses } from '@/components/ui/button';

/** Last-resort screen when a page fails (a stale chunk after a deploy, a render error). */
export function ErrorScreen() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-slate-50 px-6 text-center dark:bg-slate-950">
      <h1 className="font-semibold text-2xl text-slate-900 dark:text-white">Algo deu errado</h1>
      <p className="max-w-md text-slate-600 dark:text-slate-300">
        Não foi possível carregar esta página. Recarregue para obter a versão mais recente do Atende.
      </p>
      <button
        type="button"
        className={buttonClasses('md', 'primary')}
        onClick={() => window.location.reload()}
      >
        Recarregar
      </button>
    </main>
  );
}
