import { Laptop, LogOut } from 'lucide-react';
import { Button, Card, CardHeader, Skeleton, toast } from '@/components/ui';
import { formatRelativeTime } from '@/lib/format';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from '../api/profile-api';

/** The user's live sessions (device, last seen) with "encerrar" and "encerrar as outras". */
export function SessionsCard() {
  const query = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const others = query.data?.filter((s) => !s.current).length ?? 0;
  return (
    <Card>
      <CardHeader
        title="Sessões ativas"
        description="Onde sua conta está conectada."
        actions={
          others > 0 && (
            <Button
              size="sm"
              variant="secondary"
              isLoading={revokeOthers.isPending}
              onClick={() =>
                revokeOthers.mutate(undefined, {
                  onSuccess: ({ revoked }) =>
                    toast.success('Sessões encerradas', `${revoked} sessão(ões) encerrada(s).`),
                  onError: (error) => toast.error('Erro ao encerrar sessões', error.message),
                })
              }
            >
              Encerrar as outras
            </Button>
          )
        }
      />
      <ul className="mt-4 divide-y divide-slate-200 border-slate-200 border-t dark:divide-slate-800 dark:border-slate-800">
        {query.isPending && (
          <li className="p-5">
            <Skeleton className="h-10 w-full" />
          </li>
        )}
        {query.data?.map((session) => (
          <li key={session.id} data-testid="session-row" className="flex items-center gap-3 px-5 py-3">
            <Laptop aria-hidden="true" className="size-5 shrink-0 text-slate-400" />
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-slate-900 text-sm dark:text-slate-100">
                {session.device}
                {session.current && (
                  <span className="ml-2 rounded-full bg-emerald-50 px-2 py-0.5 font-medium text-emerald-700 text-xs dark:bg-emerald-500/15 dark:text-emerald-300">
                    Esta sessão
                  </span>
                )}
              </p>
              <p className="truncate text-slate-500 text-xs dark:text-slate-400">
                {session.ip ? `${session.ip} · ` : ''}
                Ativa: {formatRelativeTime(session.lastSeenAt)}
              </p>
            </div>
            {!session.current && (
              <Button
                size="sm"
                variant="ghost"
                className="text-red-600 dark:text-red-400"
                aria-label={`Encerrar sessão ${session.device}`}
                onClick={() =>
                  revoke.mutate(session.id, {
                    onSuccess: () => toast.success('Sessão encerrada'),
                    onError: (error) => toast.error('Erro ao encerrar a sessão', error.message),
                  })
                }
              >
                <LogOut aria-hidden="true" className="size-4" />
                Encerrar
              </Button>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}
