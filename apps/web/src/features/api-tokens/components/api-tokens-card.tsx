import { BookOpen, ExternalLink, KeyRound, Plus } from 'lucide-react';
import { useState } from 'react';
import { Button, Card, Skeleton } from '@/components/ui';
import { useAuth } from '@/lib/session';
import { useApiTokens } from '../api/get-api-tokens';
import { ApiTokenRow } from './api-token-row';
import { CreateApiTokenDialog } from './create-api-token-dialog';

/** Integrations › Tokens de API (admins only): bearer tokens for the public API, and its reference. */
export function ApiTokensCard() {
  const isAdmin = useAuth().user?.role === 'admin';
  return isAdmin ? <ApiTokensCardContent /> : null;
}

function ApiTokensCardContent() {
  const tokens = useApiTokens();
  const [isCreating, setIsCreating] = useState(false);
  // Active tokens first (each group newest first, as the server lists them).
  const sorted = tokens.data
    ? [...tokens.data.filter((t) => t.revokedAt === null), ...tokens.data.filter((t) => t.revokedAt !== null)]
    : [];

  return (
    <Card role="region" aria-labelledby="api-tokens-title" data-testid="api-tokens-card">
      <div className="flex flex-col gap-3 px-5 pt-5 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 id="api-tokens-title" className="font-semibold text-base text-slate-900 dark:text-slate-100">
            Tokens de API
          </h2>
          <p className="mt-1 text-slate-500 text-sm dark:text-slate-400">
            Deixe outros sistemas lerem conversas, enviarem mensagens, atualizarem clientes ou lerem métricas
            pela API do Atende.
          </p>
          <a
            href="/api/docs"
            target="_blank"
            rel="noopener"
            className="mt-2 inline-flex items-center gap-1.5 rounded font-medium text-indigo-600 text-sm hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-400"
          >
            <BookOpen aria-hidden="true" className="size-4" />
            Documentação da API
            <ExternalLink aria-hidden="true" className="size-3.5" />
            <span className="sr-only"> (abre em nova aba)</span>
          </a>
        </div>
        <Button className="shrink-0 self-start" onClick={() => setIsCreating(true)}>
          <Plus aria-hidden="true" className="size-4" />
          Criar token
        </Button>
      </div>
      <div className="mt-4 border-slate-200 border-t dark:border-slate-800">
        {tokens.isPending ? (
          <div className="space-y-3 p-5" aria-busy="true">
            <Skeleton className="h-14 w-full" />
          </div>
        ) : tokens.isError ? (
          <div className="flex flex-col items-start gap-3 p-5">
            <p role="alert" className="text-red-700 text-sm dark:text-red-300">
              Erro ao carregar os tokens: {tokens.error.message}
            </p>
            <Button variant="secondary" onClick={() => void tokens.refetch()} isLoading={tokens.isFetching}>
              Tentar novamente
            </Button>
          </div>
        ) : sorted.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-5 py-10 text-center">
            <KeyRound aria-hidden="true" className="size-8 text-slate-300 dark:text-slate-600" />
            <p className="font-medium text-slate-800 text-sm dark:text-slate-200">Nenhum token</p>
            <p className="max-w-sm text-slate-500 text-sm dark:text-slate-400">
              Crie um token para o n8n, o Make ou o seu sistema chamar a API.
            </p>
          </div>
        ) : (
          <ul aria-label="Tokens de API" className="divide-y divide-slate-200 dark:divide-slate-800">
            {sorted.map((token) => (
              <ApiTokenRow key={token.id} token={token} />
            ))}
          </ul>
        )}
      </div>
      <CreateApiTokenDialog open={isCreating} onOpenChange={setIsCreating} />
    </Card>
  );
}
