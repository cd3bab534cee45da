import { Plus, Webhook } from 'lucide-react';
import { useState } from 'react';
import { Button, Card, Skeleton } from '@/components/ui';
import { useAuth } from '@/lib/session';
import type { EndpointWithSecret } from '../api/create-webhook-endpoint';
import { useWebhookEndpoints } from '../api/get-webhook-endpoints';
import { WebhookDeliveriesDialog } from './webhook-deliveries-dialog';
import { WebhookFormDialog } from './webhook-form-dialog';
import { WebhookRow } from './webhook-row';
import { WebhookSecretDialog } from './webhook-secret-dialog';

type Dialog = { type: 'add' } | { type: 'edit'; id: string } | { type: 'deliveries'; id: string } | null;

/** Integrations › Webhooks (admins only): signed posts to other systems on the events they choose. */
export function WebhooksCard() {
  const isAdmin = useAuth().user?.role === 'admin';
  return isAdmin ? <WebhooksCardContent /> : null;
}

function WebhooksCardContent() {
  const endpoints = useWebhookEndpoints();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [secret, setSecret] = useState<(EndpointWithSecret & { reason: 'created' | 'rotated' }) | null>(null);
  const close = () => setDialog(null);
  const find = (id: string) => endpoints.data?.find((endpoint) => endpoint.id === id);
  const editing = dialog?.type === 'edit' ? find(dialog.id) : undefined;
  const logOf = dialog?.type === 'deliveries' ? find(dialog.id) : undefined;

  return (
    <Card role="region" aria-labelledby="webhooks-title" data-testid="webhooks-card">
      <div className="flex flex-col gap-3 px-5 pt-5 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 id="webhooks-title" className="font-semibold text-base text-slate-900 dark:text-slate-100">
            Webhooks
          </h2>
          <p className="mt-1 text-slate-500 text-sm dark:text-slate-400">
            Avise outros sistemas (n8n, Make, seu ERP) quando algo acontece no Atende: cada evento vira um
            POST assinado, com novas tentativas por até 24 h.
          </p>
        </div>
        <Button className="shrink-0 self-start" onClick={() => setDialog({ type: 'add' })}>
          <Plus aria-hidden="true" className="size-4" />
          Adicionar webhook
        </Button>
      </div>
      <div className="mt-4 border-slate-200 border-t dark:border-slate-800">
        {endpoints.isPending ? (
          <div className="space-y-3 p-5" aria-busy="true">
            <Skeleton className="h-16 w-full" />
          </div>
        ) : endpoints.isError ? (
          <div className="flex flex-col items-start gap-3 p-5">
            <p role="alert" className="text-red-700 text-sm dark:text-red-300">
              Erro ao carregar os webhooks: {endpoints.error.message}
            </p>
            <Button
              variant="secondary"
              onClick={() => void endpoints.refetch()}
              isLoading={endpoints.isFetching}
            >
              Tentar novamente
            </Button>
          </div>
        ) : endpoints.data.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-5 py-10 text-center">
            <Webhook aria-hidden="true" className="size-8 text-slate-300 dark:text-slate-600" />
            <p className="font-medium text-slate-800 text-sm dark:text-slate-200">Nenhum webhook</p>
            <p className="max-w-sm text-slate-500 text-sm dark:text-slate-400">
              Adicione a URL de um receptor para enviar a ele as mensagens, transferências e mudanças das
              conversas.
            </p>
          </div>
        ) : (
          <ul aria-label="Webhooks" className="divide-y divide-slate-200 dark:divide-slate-800">
            {endpoints.data.map((endpoint) => (
              <WebhookRow
                key={endpoint.id}
                endpoint={endpoint}
                onEdit={() => setDialog({ type: 'edit', id: endpoint.id })}
                onShowDeliveries={() => setDialog({ type: 'deliveries', id: endpoint.id })}
                onRotated={(rotated) => setSecret({ ...rotated, reason: 'rotated' })}
              />
            ))}
          </ul>
        )}
      </div>
      <WebhookFormDialog
        open={dialog?.type === 'add' || editing !== undefined}
        onOpenChange={(open) => {
          if (!open) close();
        }}
        endpoint={editing}
        onCreated={(created) => setSecret({ ...created, reason: 'created' })}
      />
      <WebhookSecretDialog shown={secret} onClose={() => setSecret(null)} />
      <WebhookDeliveriesDialog
        endpoint={logOf}
        onClose={() => {
          close();
          // The row's "last delivery" follows what the log just showed.
          void endpoints.refetch();
        }}
      />
    </Card>
  );
}
