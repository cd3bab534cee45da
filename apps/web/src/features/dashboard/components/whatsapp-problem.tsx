import type { WhatsappStatus } from '@atende/contracts';
import { Ban, Clock, Copy, QrCode, RefreshCw, Server, Smartphone } from 'lucide-react';
import { useEffect, useState } from 'react';

type Problem = NonNullable<WhatsappStatus['problem']>;

const TITLES: Record<Problem, string> = {
  logged_out: 'Aparelho desconectado pelo celular',
  banned: 'Número banido pelo WhatsApp',
  replaced: 'Conexão assumida por outra sessão',
  outdated: 'Versão do WhatsApp Web desatualizada',
  unreachable: 'Sem conexão com o WhatsApp',
  held_elsewhere: 'Conexão em outro processo',
  qr_expired: 'QR code expirado',
};

const ICONS: Record<Problem, typeof Ban> = {
  logged_out: Smartphone,
  banned: Ban,
  replaced: Copy,
  outdated: RefreshCw,
  unreachable: Clock,
  held_elsewhere: Server,
  qr_expired: QrCode,
};

/** Seconds until `iso`, re-rendered every second (never negative). */
function useSecondsUntil(iso: string | null | undefined): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!iso) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [iso]);
  if (!iso) return null;
  return Math.max(0, Math.ceil((Date.parse(iso) - now) / 1000));
}

/** Why a linked device is not connected, what happens next, and what the operator can do. */
export function WhatsappProblem({ status }: { status: WhatsappStatus }) {
  const problem = status.problem as Problem;
  const Icon = ICONS[problem];
  const seconds = useSecondsUntil(problem === 'unreachable' ? status.nextAttemptAt : null);
  const severe = problem === 'banned' || problem === 'outdated' || problem === 'replaced';
  return (
    <div className="flex items-start gap-3" data-testid={`whatsapp-problem-${problem}`}>
      <span
        className={
          severe
            ? 'grid size-10 shrink-0 place-items-center rounded-full bg-red-50 text-red-600 dark:bg-red-500/15 dark:text-red-300'
            : 'grid size-10 shrink-0 place-items-center rounded-full bg-amber-50 text-amber-600 dark:bg-amber-500/15 dark:text-amber-300'
        }
      >
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0">
        <p className="font-medium text-slate-900 dark:text-slate-100">{TITLES[problem]}</p>
        {status.reason ? (
          <p role={severe ? 'alert' : undefined} className="text-sm text-slate-600 dark:text-slate-400">
            {status.reason}
          </p>
        ) : null}
        {status.nextAttemptAt && seconds !== null ? (
          <p className="mt-1 text-sm text-slate-500 tabular-nums dark:text-slate-400" aria-live="polite">
            {seconds > 0
              ? `Nova tentativa em ${seconds} s (às ${new Date(status.nextAttemptAt).toLocaleTimeString('pt-BR')})`
              : 'Tentando novamente...'}
          </p>
        ) : null}
      </div>
    </div>
  );
}
