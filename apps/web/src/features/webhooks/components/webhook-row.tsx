import type { WebhookEndpoint } from '@atende/contracts';
import { History, KeyRound, Pencil, Power, PowerOff, Trash2 } from 'lucide-react';
import { ItemRow, ItemTitle } from '@/components/integration-card/item-row';
import { RowMenu, RowMenuItem } from '@/components/integration-card/row-menu';
import { Button, ToneBadge, toast, useConfirm } from '@/components/ui';
import { cn } from '@/lib/cn';
import type { EndpointWithSecret } from '../api/create-webhook-endpoint';
import { useDeleteWebhookEndpoint } from '../api/delete-webhook-endpoint';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret';
import { useUpdateWebhookEndpoint } from '../api/update-webhook-endpoint';
import { endpointState } from '../lib/endpoint-state';
import { describeEvents } from '../lib/event-options';

interface Props {
  endpoint: WebhookEndpoint;
  onEdit: () => void;
  onShowDeliveries: () => void;
  onRotated: (rotated: EndpointWithSecret) => void;
}

/** A row without a description is named by where it posts. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** One endpoint: where it posts, what it sends, its state (and why), and what an admin can do. */
export function WebhookRow({ endpoint, onEdit, onShowDeliveries, onRotated }: Props) {
  const confirm = useConfirm();
  const update = useUpdateWebhookEndpoint();
  const rotate = useRotateWebhookSecret();
  const remove = useDeleteWebhookEndpoint();
  const state = endpointState(endpoint);
  const name = endpoint.description || endpoint.url;

  const setEnabled = (enabled: boolean) =>
    update.mutate(
      { id: endpoint.id, changes: { enabled } },
      {
        onSuccess: () => toast.success(enabled ? 'Webhook reativado' : 'Webhook desativado'),
        onError: (error) =>
          toast.error(enabled ? 'Erro ao reativar o webhook' : 'Erro ao desativar o webhook', error.message),
      },
    );

  const askRotate = async () => {
    const ok = await confirm({
      variant: 'warning',
      title: 'Gerar novo segredo',
      message:
        'O segredo atual deixa de valer na hora: o receptor vai recusar os próximos envios até ser atualizado com o novo.',
      confirmLabel: 'Gerar novo segredo',
    });
    if (!ok) return;
    rotate.mutate(endpoint.id, {
      onSuccess: onRotated,
      onError: (error) => toast.error('Erro ao gerar o novo segredo', error.message),
    });
  };

  const askRemove = async () => {
    const ok = await confirm({
      variant: 'error',
      title: 'Excluir webhook',
      message: (
        <>
          <p>
            Excluir o webhook para <strong className="break-all">{endpoint.url}</strong>?
          </p>
          <p className="mt-2">
            Nenhum evento será mais enviado para ele, e o registro de entregas é apagado.
          </p>
        </>
      ),
      confirmLabel: 'Excluir',
    });
    if (ok) remove.mutate(endpoint.id);
  };

  return (
    <ItemRow data-testid="webhook-row" data-endpoint-id={endpoint.id}>
      <div className="min-w-0 flex-1">
        <ItemTitle badges={<ToneBadge tone={state.tone} label={state.label} dot />}>
          {endpoint.description || hostOf(endpoint.url)}
        </ItemTitle>
        <p className="mt-1 break-all font-mono text-slate-600 text-xs dark:text-slate-300">{endpoint.url}</p>
        <p className="mt-1 text-slate-500 text-xs dark:text-slate-400">
          {describeEvents(endpoint.events)}
          <span aria-hidden="true"> · </span>
          <span className="whitespace-nowrap">
            Segredo <span className="font-mono">{endpoint.secretHint}</span>
          </span>
        </p>
        <p
          data-testid="webhook-state-detail"
          className={cn(
            'mt-1.5 text-xs',
            state.tone === 'error'
              ? 'rounded-md bg-red-50 px-2 py-1 text-red-800 dark:bg-red-500/10 dark:text-red-200'
              : state.tone === 'warning'
                ? 'rounded-md bg-amber-50 px-2 py-1 text-amber-900 dark:bg-amber-500/10 dark:text-amber-200'
                : 'text-slate-500 dark:text-slate-400',
          )}
        >
          {state.detail}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {!endpoint.enabled ? (
          <Button size="sm" onClick={() => setEnabled(true)} isLoading={update.isPending}>
            {update.isPending ? null : <Power aria-hidden="true" className="size-4" />}
            Reativar
          </Button>
        ) : null}
        <Button size="sm" variant="secondary" onClick={onShowDeliveries}>
          <History aria-hidden="true" className="size-4" />
          Entregas
        </Button>
        <RowMenu label={`Ações do webhook ${name}`} isBusy={rotate.isPending || remove.isPending}>
          <RowMenuItem icon={Pencil} onSelect={onEdit}>
            Editar
          </RowMenuItem>
          <RowMenuItem icon={KeyRound} onSelect={() => void askRotate()}>
            Gerar novo segredo
          </RowMenuItem>
          {endpoint.enabled ? (
            <RowMenuItem icon={PowerOff} onSelect={() => setEnabled(false)}>
              Desativar
            </RowMenuItem>
          ) : null}
          <RowMenuItem icon={Trash2} onSelect={() => void askRemove()} isDanger>
            Excluir
          </RowMenuItem>
        </RowMenu>
      </div>
    </ItemRow>
  );
}
