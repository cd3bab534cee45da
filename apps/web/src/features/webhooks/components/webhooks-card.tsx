import { Plus, Webhook } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '@/components/integration-card/empty-state';
import { IntegrationCard } from '@/components/integration-card/integration-card';
import { ItemList } from '@/components/integration-card/item-row';
import { QueryBody } from '@/components/integration-card/query-body';
import { Button } from '@/components/ui';
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
    <IntegrationCard
      id="webhooks"
      testId="webhooks-card"
      title="Webhooks"
      description="Avise outros sistemas (n8n, Make, seu ERP) quando algo acontece no Atende: cada evento vira um POST assinado, com novas tentativas por até 24 h."
      action={
        <Button className="shrink-0 self-start" onClick={() => setDialog({ type: 'add' })}>
          <Plus aria-hidden="true" className="size-4" />
          Adicionar webhook
        </Button>
      }
    >
      <QueryBody
        query={endpoints}
        skeletons={['h-16']}
        what="os webhooks"
        isEmpty={(list) => list.length === 0}
        empty={
          <EmptyState icon={Webhook} title="Nenhum webhook">
            Adicione a URL de um receptor para enviar a ele as mensagens, transferências e mudanças das
            conversas.
          </EmptyState>
        }
      >
        {(list) => (
          <ItemList label="Webhooks">
            {list.map((endpoint) => (
              <WebhookRow
                key={endpoint.id}
                endpoint={endpoint}
                onEdit={() => setDialog({ type: 'edit', id: endpoint.id })}
                onShowDeliveries={() => setDialog({ type: 'deliveries', id: endpoint.id })}
                onRotated={(rotated) => setSecret({ ...rotated, reason: 'rotated' })}
              />
            ))}
          </ItemList>
        )}
      </QueryBody>
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
    </IntegrationCard>
  );
}
