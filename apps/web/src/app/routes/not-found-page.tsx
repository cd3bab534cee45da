import { ArrowLeft, LayoutDashboard } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Logo } from '@/components/layout/logo';
import { Button, buttonClasses } from '@/components/ui/button';

export default function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-slate-50 px-6 py-12 text-center dark:bg-slate-950">
      <Logo />
      <p className="mt-10 font-semibold text-indigo-600 text-sm dark:text-indigo-300">Erro 404</p>
      <h1 className="mt-2 font-semibold text-3xl text-slate-900 tracking-tight sm:text-4xl dark:text-white">
        Página não encontrada
      </h1>
      <p className="mt-3 max-w-md text-slate-600 dark:text-slate-300">
        O endereço que você abriu não existe ou foi movido. Confira o link ou volte para um lugar conhecido.
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Link to="/dashboard" className={buttonClasses('lg', 'primary')}>
          <LayoutDashboard aria-hidden="true" className="size-4" />
          Ir para o Dashboard
        </Link>
        <Button size="lg" variant="secondary" onClick={() => navigate(-1)}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Voltar
        </Button>
      </div>
    </main>
  );
}
