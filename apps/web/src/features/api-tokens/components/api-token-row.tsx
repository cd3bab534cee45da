import { API_TOKEN_SCOPES, type ApiToken } from '@atende/contracts';
import { Ban } from 'lucide-react';
import { ItemRow, ItemTitle } from '@/components/integration-card/item-row';
import { Button, ToneBadge, useConfirm } from '@/components/ui';
import { cn } from '@/lib/cn';
import { formatDate, formatRelativeTime } from '@/lib/format';
import { useRevokeApiToken } from '../api/revoke-api-token';

/** One token: its name, permissions, hint, who made it, its last use, and "Revogar". */
export function ApiTokenRow({ token }: { token: ApiToken }) {
  const confirm = useConfirm();
  const revoke = useRevokeApiToken();
  const isRevoked = token.revokedAt !== null;

  const askRevoke = async () => {
    const ok = await confirm({
      variant: 'error',
      title: 'Revogar token',
      message: (
        <>
          <p>
            Revogar <strong>{token.name}</strong>?
          </p>
          <p className="mt-2">
            Quem usa este token passa a receber 401 na próxima chamada. Não é possível desfazer: para voltar,
            crie outro token.
          </p>
        </>
      ),
      confirmLabel: 'Revogar',
    });
    if (ok) revoke.mutate(token.id);
  };

  return (
    <ItemRow
      data-testid="api-token-row"
      data-token-id={token.id}
      className={cn(isRevoked && 'bg-slate-50/60 dark:bg-slate-950/30')}
    >
      <div className="min-w-0 flex-1">
        <ItemTitle
          isMuted={isRevoked}
          badges={
            isRevoked ? (
              <ToneBadge tone="gray" label="Revogado" dot />
            ) : (
              <ToneBadge tone="success" label="Ativo" dot />
            )
          }
        >
          {token.name}
        </ItemTitle>
        <ul aria-label="Permissões" className="mt-1.5 flex flex-wrap gap-1.5">
          {token.scopes.map((scope) => (
            <li
              key={scope}
              className="rounded bg-slate-100 px-1.5 py-px font-medium text-[11px] text-slate-700 dark:bg-slate-800 dark:text-slate-300"
            >
              {API_TOKEN_SCOPES[scope]}
            </li>
          ))}
        </ul>
        <p className="mt-1.5 flex flex-wrap gap-x-3 gap-y-0.5 text-slate-500 text-xs dark:text-slate-400">
          <span className="font-mono">{token.hint}</span>
          <span>
            Criado em {formatDate(token.createdAt)}
            {token.createdBy ? ` por ${token.createdBy}` : ''}
          </span>
          <span data-testid="api-token-last-use">
            {token.lastUsedAt
              ? `Último uso: ${formatRelativeTime(token.lastUsedAt).toLowerCase()}`
              : 'Nunca usado'}
          </span>
          {isRevoked && token.revokedAt ? <span>Revogado em {formatDate(token.revokedAt)}</span> : null}
        </p>
      </div>
      {isRevoked ? null : (
        <Button
          size="sm"
          variant="secondary"
          className="self-start sm:self-center"
          onClick={() => void askRevoke()}
          isLoading={revoke.isPending}
          aria-label={`Revogar ${token.name}`}
        >
          {revoke.isPending ? null : <Ban aria-hidden="true" className="size-4" />}
          Revogar
        </Button>
      )}
    </ItemRow>
  );
}
