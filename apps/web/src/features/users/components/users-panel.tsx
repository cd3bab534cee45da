import type { ManagedUser } from '@atende/contracts';
import { KeyRound, Pencil, Power, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Avatar, Button, Card, CardHeader, Skeleton, ToneBadge, toast, useConfirm } from '@/components/ui';
import { formatRelativeTime } from '@/lib/format';
import { useAuth } from '@/lib/session';
import { useUpdateUser, useUsers } from '../api/users-api';
import { ResetPasswordModal } from './reset-password-modal';
import { UserFormModal } from './user-form-modal';

export const ROLE_LABELS = { admin: 'Administrador', operator: 'Operador' } as const;

/** /settings/users: the team (admin only). */
export default function UsersPanel() {
  const query = useUsers();
  const { user: me } = useAuth();
  const update = useUpdateUser();
  const confirm = useConfirm();
  const [editing, setEditing] = useState<ManagedUser | 'new' | null>(null);
  const [resetting, setResetting] = useState<ManagedUser | null>(null);

  const toggleDisabled = async (user: ManagedUser) => {
    const disabling = !user.disabled;
    if (disabling) {
      const ok = await confirm({
        variant: 'warning',
        title: 'Desativar usuário',
        message: `${user.name} perderá o acesso agora: as sessões abertas serão encerradas.`,
        confirmLabel: 'Desativar',
      });
      if (!ok) return;
    }
    update.mutate(
      { id: user.id, disabled: disabling },
      {
        onSuccess: () => toast.success(disabling ? 'Usuário desativado' : 'Usuário reativado'),
        onError: (error) => toast.error('Erro ao atualizar usuário', error.message),
      },
    );
  };

  return (
    <Card>
      <CardHeader
        title="Usuários"
        description="Quem acessa o painel e com qual perfil."
        actions={
          <Button onClick={() => setEditing('new')}>
            <UserPlus aria-hidden="true" className="size-4" />
            <span className="hidden sm:inline">Novo usuário</span>
            <span className="sm:hidden">Novo</span>
          </Button>
        }
      />
      <div className="mt-4 border-slate-200 border-t dark:border-slate-800">
        {query.isPending && (
          <div className="space-y-3 p-5">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        )}
        {query.isError && <p className="p-5 text-red-600 text-sm dark:text-red-400">{query.error.message}</p>}
        {query.data && (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label="Usuários">
            {query.data.map((user) => (
              <li
                key={user.id}
                data-testid="user-row"
                className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 sm:flex-nowrap sm:gap-x-4 sm:px-5"
              >
                <Avatar name={user.name} src={user.avatar} size="md" />
                {/* On a phone the name and e-mail get the whole line; badges and actions go below. */}
                <div className="w-[calc(100%-3.25rem)] min-w-0 sm:w-auto sm:flex-1">
                  <p className="flex min-w-0 items-baseline gap-1.5 font-medium text-slate-900 text-sm dark:text-slate-100">
                    <span className="truncate">{user.name}</span>
                    {user.id === me?.id && <span className="shrink-0 text-slate-400 text-xs">(você)</span>}
                  </p>
                  <p className="truncate text-slate-500 text-xs dark:text-slate-400">{user.email}</p>
                </div>
                <div className="flex flex-wrap items-center gap-2 pl-[3.25rem] sm:pl-0">
                  <ToneBadge tone={user.role === 'admin' ? 'info' : 'gray'} label={ROLE_LABELS[user.role]} />
                  {user.disabled ? (
                    <ToneBadge tone="error" label="Desativado" />
                  ) : (
                    <ToneBadge tone="success" label="Ativo" />
                  )}
                </div>
                <p className="hidden w-36 text-slate-500 text-xs lg:block dark:text-slate-400">
                  {user.lastSeenAt ? `Visto: ${formatRelativeTime(user.lastSeenAt)}` : 'Nunca entrou'}
                </p>
                <div className="ml-auto flex gap-1">
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Editar ${user.name}`}
                    onClick={() => setEditing(user)}
                  >
                    <Pencil aria-hidden="true" className="size-4" />
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Redefinir senha de ${user.name}`}
                    onClick={() => setResetting(user)}
                  >
                    <KeyRound aria-hidden="true" className="size-4" />
                  </Button>
                  {user.id !== me?.id && (
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`${user.disabled ? 'Reativar' : 'Desativar'} ${user.name}`}
                      onClick={() => void toggleDisabled(user)}
                      className={user.disabled ? 'text-emerald-600' : 'text-red-600 dark:text-red-400'}
                    >
                      <Power aria-hidden="true" className="size-4" />
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      <UserFormModal user={editing} onClose={() => setEditing(null)} />
      <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />
    </Card>
  );
}
