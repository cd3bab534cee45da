import { apiPaths } from '@atende/contracts';
import { BookOpen, ExternalLink, KeyRound, Plus } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '@/components/integration-card/empty-state';
import { IntegrationCard } from '@/components/integration-card/integration-card';
import { ItemList } from '@/components/integration-card/item-row';
import { QueryBody } from '@/components/integration-card/query-body';
import { Button } from '@/components/ui';
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
  return (
    <IntegrationCard
      id="api-tokens"
      testId="api-tokens-card"
      title="Tokens de API"
      description="Deixe outros sistemas lerem conversas, enviarem mensagens, atualizarem clientes ou lerem métricas pela API do Atende."
      more={
        <a
          href={apiPaths.docs()}
          target="_blank"
          rel="noopener"
          className="mt-2 inline-flex items-center gap-1.5 rounded font-medium text-indigo-600 text-sm hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-400"
        >
          <BookOpen aria-hidden="true" className="size-4" />
          Documentação da API
          <ExternalLink aria-hidden="true" className="size-3.5" />
          <span className="sr-only"> (abre em nova aba)</span>
        </a>
      }
      action={
        <Button className="shrink-0 self-start" onClick={() => setIsCreating(true)}>
          <Plus aria-hidden="true" className="size-4" />
          Criar token
        </Button>
      }
    >
      <QueryBody
        query={tokens}
        skeletons={['h-14']}
        what="os tokens"
        isEmpty={(list) => list.length === 0}
        empty={
          <EmptyState icon={KeyRound} title="Nenhum token">
            Crie um token para o n8n, o Make ou o seu sistema chamar a API.
          </EmptyState>
        }
      >
        {(list) => (
          <ItemList label="Tokens de API">
            {/* Active tokens first (each group newest first, as the server lists them). */}
            {[...list.filter((t) => t.revokedAt === null), ...list.filter((t) => t.revokedAt !== null)].map(
              (token) => (
                <ApiTokenRow key={token.id} token={token} />
              ),
            )}
          </ItemList>
        )}
      </QueryBody>
      <CreateApiTokenDialog open={isCreating} onOpenChange={setIsCreating} />
    </IntegrationCard>
  );
}
