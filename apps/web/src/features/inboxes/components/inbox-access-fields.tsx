import type { ManagedUser, OperatorAccess } from '@atende/contracts';
import { useId } from 'react';
import { Avatar, Button, Skeleton } from '@/components/ui';
import { cn } from '@/lib/cn';
import { useTeamMembers } from '../api/get-team-members';

interface Props {
  access: OperatorAccess;
  memberIds: readonly string[];
  onAccessChange: (access: OperatorAccess) => void;
  onMembersChange: (memberIds: string[]) => void;
}

const OPTIONS: Array<{ value: OperatorAccess; label: string; description: string }> = [
  { value: 'all', label: 'Todos os operadores', description: 'Toda a equipe vê as conversas deste número.' },
  {
    value: 'members',
    label: 'Somente membros escolhidos',
    description: 'Só os operadores marcados abaixo (e os administradores) veem estas conversas.',
  },
];

/** Who may see the inbox's conversations: every operator, or the members chosen here. */
export function InboxAccessFields({ access, memberIds, onAccessChange, onMembersChange }: Props) {
  const name = useId();
  const team = useTeamMembers({ enabled: access === 'members' });
  // Admins see every inbox anyway; disabled accounts cannot sign in.
  const operators = (team.data ?? []).filter((user) => user.role !== 'admin' && !user.disabled);
  const toggle = (id: string, checked: boolean) =>
    onMembersChange(checked ? [...memberIds, id] : memberIds.filter((member) => member !== id));

  return (
    <fieldset className="space-y-3">
      <legend className="font-medium text-slate-700 text-sm dark:text-slate-200">Quem pode ver</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {OPTIONS.map((option) => (
          <label
            key={option.value}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors has-focus-visible:outline-2 has-focus-visible:outline-indigo-500',
              access === option.value
                ? 'border-indigo-500 bg-indigo-50/60 dark:border-indigo-400 dark:bg-indigo-500/10'
                : 'border-slate-200 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800/60',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={access === option.value}
              onChange={() => onAccessChange(option.value)}
              className="mt-0.5 size-4 accent-indigo-600"
            />
            <span className="min-w-0">
              <span className="block font-medium text-slate-800 text-sm dark:text-slate-100">
                {option.label}
              </span>
              <span className="block text-slate-500 text-xs dark:text-slate-400">{option.description}</span>
            </span>
          </label>
        ))}
      </div>
      {access === 'members' ? (
        <MemberList
          operators={operators}
          memberIds={memberIds}
          isPending={team.isPending}
          error={team.isError ? team.error.message : null}
          onRetry={() => void team.refetch()}
          onToggle={toggle}
        />
      ) : null}
    </fieldset>
  );
}

function MemberList({
  operators,
  memberIds,
  isPending,
  error,
  onRetry,
  onToggle,
}: {
  operators: ManagedUser[];
  memberIds: readonly string[];
  isPending: boolean;
  error: string | null;
  onRetry: () => void;
  onToggle: (id: string, checked: boolean) => void;
}) {
  if (isPending) return <Skeleton className="h-24 w-full" />;
  if (error) {
    return (
      <div className="flex items-center justify-between gap-3 rounded-lg bg-red-50 px-3 py-2 text-red-800 text-sm dark:bg-red-500/10 dark:text-red-200">
        <span role="alert">{error}</span>
        <Button size="sm" variant="secondary" onClick={onRetry}>
          Tentar novamente
        </Button>
      </div>
    );
  }
  if (operators.length === 0) {
    return (
      <p className="rounded-lg bg-slate-50 px-3 py-2 text-slate-600 text-sm dark:bg-slate-800/60 dark:text-slate-300">
        Não há operadores na equipe. Cadastre-os em Configurações › Equipe.
      </p>
    );
  }
  return (
    <ul
      aria-label="Operadores com acesso"
      className="max-h-56 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-700"
    >
      {operators.map((user) => (
        <li key={user.id}>
          <label className="flex cursor-pointer items-center gap-3 px-3 py-2 hover:bg-slate-50 dark:hover:bg-slate-800/60">
            <input
              type="checkbox"
              checked={memberIds.includes(user.id)}
              onChange={(event) => onToggle(user.id, event.target.checked)}
              className="size-4 accent-indigo-600"
            />
            <Avatar name={user.name} src={user.avatar} size="sm" />
            <span className="min-w-0">
              <span className="block truncate text-slate-800 text-sm dark:text-slate-100">{user.name}</span>
              <span className="block truncate text-slate-500 text-xs dark:text-slate-400">{user.email}</span>
            </span>
          </label>
        </li>
      ))}
    </ul>
  );
}
