import { Logo } from '@/components/layout/logo';
import { LoginForm } from './login-form';
import { LoginSidePanel } from './login-side-panel';

/** /login (guest layout). */
export default function LoginPage() {
  return (
    <div className="grid min-h-dvh bg-white lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)] dark:bg-slate-950">
      <main className="flex flex-col justify-center px-6 py-10 sm:px-12 lg:px-16">
        <div className="mx-auto w-full max-w-sm">
          <Logo />
          <h1 className="mt-8 font-semibold text-2xl text-slate-900 tracking-tight dark:text-white">
            Bem-vindo de volta
          </h1>
          <p className="mt-1.5 text-slate-600 text-sm dark:text-slate-400">
            Entre na sua conta para acompanhar o atendimento.
          </p>
          <LoginForm />
        </div>
      </main>
      <LoginSidePanel />
    </div>
  );
}
