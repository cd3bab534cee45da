import { DEMO_ADMIN, type PublicInfo } from '@atende/contracts';
import { Eye, EyeOff, KeyRound } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { usePublicInfo } from '../api/get-public-info';
import { login } from '../auth-store';
import { destinationAfterLogin, useLoginNavigation } from './login-navigation';

export const LOGIN_FAILED_TOAST = {
  title: 'Erro de Autenticação',
  fallback: 'Erro ao fazer login. Verifique suas credenciais.',
} as const;
export const ACCOUNT_DISABLED_TITLE = 'Conta desativada';

const inputClass =
  'block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-slate-900 text-sm shadow-xs placeholder:text-slate-400 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30 dark:border-slate-700 dark:bg-slate-900 dark:text-white dark:placeholder:text-slate-500';

const linkClass =
  'rounded font-medium text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-300 dark:hover:text-indigo-200';

/** Whom to ask for a new password: there is no e-mail reset; an admin sets one (Configurações › Usuários). */
export const FORGOT_PASSWORD_HELP =
  'Peça a um administrador do Atende: em Configurações › Usuários, ele define uma nova senha para você, e as suas sessões abertas são encerradas.';

export function LoginForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [isSubmitting, setIsSubmitting] = useState(false);
  // Shown under the password, where the eyes are when Entrar fails (a toast would be read elsewhere).
  const [failure, setFailure] = useState<{ title: string; message: string } | null>(null);
  const [showForgot, setShowForgot] = useState(false);
  const info = usePublicInfo();
  const navigation = useLoginNavigation();
  const ids = { email: useId(), password: useId(), remember: useId(), error: useId(), forgot: useId() };

  const canSubmit = email.trim() !== '' && password !== '' && !isSubmitting;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    setIsSubmitting(true);
    setFailure(null);
    try {
      await login({ email: email.trim(), password, remember });
      navigation.go(destinationAfterLogin(navigation.from));
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : LOGIN_FAILED_TOAST.fallback;
      // A disabled account's message names whom to ask; it stays until the next try.
      const disabled = (error as { code?: string }).code === 'ACCOUNT_DISABLED';
      setFailure({ title: disabled ? ACCOUNT_DISABLED_TITLE : LOGIN_FAILED_TOAST.title, message });
      setIsSubmitting(false);
    }
  };

  return (
    <>
      <form onSubmit={onSubmit} className="mt-8 space-y-5" noValidate={false}>
        <div>
          <label htmlFor={ids.email} className="block font-medium text-slate-700 text-sm dark:text-slate-200">
            E-mail
          </label>
          <input
            id={ids.email}
            name="email"
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={failure ? true : undefined}
            placeholder="voce@empresa.com.br"
            className={`${inputClass} mt-1.5`}
          />
        </div>
        <div>
          <label
            htmlFor={ids.password}
            className="block font-medium text-slate-700 text-sm dark:text-slate-200"
          >
            Senha
          </label>
          <div className="relative mt-1.5">
            <input
              id={ids.password}
              name="password"
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-invalid={failure ? true : undefined}
              aria-describedby={failure ? ids.error : undefined}
              placeholder="Sua senha"
              className={`${inputClass} pr-11`}
            />
            <button
              type="button"
              onClick={() => setShowPassword((v) => !v)}
              aria-label={showPassword ? 'Ocultar senha' : 'Mostrar senha'}
              aria-pressed={showPassword}
              className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-400 dark:hover:text-slate-200"
            >
              {showPassword ? (
                <EyeOff aria-hidden="true" className="size-5" />
              ) : (
                <Eye aria-hidden="true" className="size-5" />
              )}
            </button>
          </div>
          {failure && (
            <p
              id={ids.error}
              role="alert"
              data-testid="login-error"
              className="mt-2 rounded-md bg-red-50 px-3 py-2 text-red-800 text-sm dark:bg-red-500/10 dark:text-red-200"
            >
              <strong className="font-semibold">{failure.title}</strong>
              <span className="block">{failure.message}</span>
            </p>
          )}
        </div>
        <div className="flex items-center justify-between gap-4">
          <div className="flex items-center gap-2">
            <input
              id={ids.remember}
              type="checkbox"
              checked={remember}
              onChange={(e) => setRemember(e.target.checked)}
              className="size-4 rounded border-slate-300 accent-indigo-600 dark:border-slate-600"
            />
            <label htmlFor={ids.remember} className="text-slate-700 text-sm dark:text-slate-300">
              Lembrar de mim
            </label>
          </div>
          <button
            type="button"
            className={`${linkClass} text-sm`}
            aria-expanded={showForgot}
            aria-controls={ids.forgot}
            onClick={() => setShowForgot((v) => !v)}
          >
            Esqueceu a senha?
          </button>
        </div>
        {showForgot && (
          <p
            id={ids.forgot}
            data-testid="forgot-password-help"
            className="rounded-md bg-slate-100 px-3 py-2 text-slate-700 text-sm dark:bg-slate-800 dark:text-slate-200"
          >
            {FORGOT_PASSWORD_HELP}
          </p>
        )}
        <Button type="submit" size="lg" className="w-full" disabled={!canSubmit} isLoading={isSubmitting}>
          {isSubmitting ? 'Entrando...' : 'Entrar'}
        </Button>
        <p className="text-center text-slate-600 text-sm dark:text-slate-400">
          Não tem uma conta?{' '}
          {info?.supportEmail ? (
            <a
              href={`mailto:${info.supportEmail}?subject=${encodeURIComponent('Acesso ao Atende')}`}
              className={linkClass}
            >
              Fale conosco
            </a>
          ) : (
            // No support e-mail configured: the same person who resets passwords creates accounts.
            <span>Peça a um administrador da sua empresa.</span>
          )}
        </p>
      </form>
      <DemoCredentials
        data={info}
        onFill={(credentials) => {
          setEmail(credentials.email);
          setPassword(credentials.password);
        }}
      />
    </>
  );
}

/** Shown only when the server runs in demo mode; fills the demo admin in. */
function DemoCredentials({
  data,
  onFill,
}: {
  data: PublicInfo | null;
  onFill: (c: { email: string; password: string }) => void;
}) {
  // Reserve the box's space until the server answers, so nothing below it jumps (no layout shift).
  if (data === null) return <div aria-hidden="true" className="mt-8 h-[8.75rem]" />;
  if (!data.demo) return null;
  const credentials = data.demoCredentials ?? DEMO_ADMIN;
  return (
    <section
      aria-labelledby="demo-credentials-title"
      className="mt-8 rounded-lg border border-indigo-200 bg-indigo-50/70 p-4 dark:border-indigo-500/30 dark:bg-indigo-500/10"
    >
      <div className="flex items-start gap-3">
        <KeyRound
          aria-hidden="true"
          className="mt-0.5 size-5 shrink-0 text-indigo-600 dark:text-indigo-300"
        />
        <div className="min-w-0 flex-1">
          <h2
            id="demo-credentials-title"
            className="font-semibold text-indigo-900 text-sm dark:text-indigo-100"
          >
            Credenciais de demonstração
          </h2>
          <dl className="mt-1.5 space-y-0.5 text-indigo-800 text-sm dark:text-indigo-200">
            <div className="flex gap-1.5">
              <dt>E-mail:</dt>
              <dd className="break-all font-mono">{credentials.email}</dd>
            </div>
            <div className="flex gap-1.5">
              <dt>Senha:</dt>
              <dd className="font-mono">{credentials.password}</dd>
            </div>
          </dl>
          <Button size="sm" variant="secondary" className="mt-3" onClick={() => onFill(credentials)}>
            Usar credenciais de demonstração
          </Button>
        </div>
      </div>
    </section>
  );
}
