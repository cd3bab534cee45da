import { DOMAIN_EVENT_TYPES, type WebhookDelivery, type WebhookEndpoint } from '@atende/contracts';
import { History, RefreshCw, Send } from 'lucide-react';
import { Button, Modal, Skeleton, ToneBadge } from '@/components/ui';
import { formatCount, formatMilliseconds, formatTime } from '@/lib/format';
import { DELIVERY_LOG_LIMIT, useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { useResendWebhookDelivery } from '../api/resend-webhook-delivery';
import { deliveryState, formatDateTime } from '../lib/endpoint-state';

interface Props {
  /** The endpoint whose log is open; none when closed. */
  endpoint: WebhookEndpoint | undefined;
  onClose: () => void;
}

/** An endpoint's delivery log: each event's state, answer, time and attempts, with "Reenviar". */
export function WebhookDeliveriesDialog({ endpoint, onClose }: Props) {
  return (
    <Modal
      open={endpoint !== undefined}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      size="xl"
      title="Entregas do webhook"
      description={endpoint ? <span className="break-all font-mono text-xs">{endpoint.url}</span> : null}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Fechar
        </Button>
      }
    >
      {endpoint ? <DeliveryLog endpoint={endpoint} /> : null}
    </Modal>
  );
}

function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const deliveries = useWebhookDeliveries(endpoint.id);
  const resend = useResendWebhookDelivery();

  if (deliveries.isPending) {
    return (
      <div className="space-y-3" aria-busy="true">
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-14 w-full" />
      </div>
    );
  }
  if (deliveries.isError) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p role="alert" className="text-red-700 dark:text-red-300">
          Erro ao carregar as entregas: {deliveries.error.message}
        </p>
        <Button variant="secondary" onClick={() => void deliveries.refetch()}>
          Tentar novamente
        </Button>
      </div>
    );
  }
  const list = deliveries.data;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-slate-500 text-xs dark:text-slate-400">
          {list.length === DELIVERY_LOG_LIMIT
            ? `As ${DELIVERY_LOG_LIMIT} entregas mais recentes. O registro guarda 30 dias.`
            : 'Mais recentes primeiro. O registro guarda 30 dias.'}
        </p>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => void deliveries.refetch()}
          isLoading={deliveries.isFetching}
        >
          {deliveries.isFetching ? null : <RefreshCw aria-hidden="true" className="size-4" />}
          Atualizar
        </Button>
      </div>
      {!endpoint.enabled ? (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900 text-xs dark:bg-amber-500/10 dark:text-amber-200">
          Este webhook está desativado: reative-o para reenviar entregas.
        </p>
      ) : null}
      {list.length === 0 ? (
        <div className="flex flex-col items-center gap-2 py-10 text-center">
          <History aria-hidden="true" className="size-8 text-slate-300 dark:text-slate-600" />
          <p className="font-medium text-slate-800 dark:text-slate-200">Nenhuma entrega ainda</p>
          <p className="max-w-sm text-slate-500 dark:text-slate-400">
            Quando um dos eventos escolhidos acontecer, a entrega aparece aqui.
          </p>
        </div>
      ) : (
        <ul
          aria-label="Entregas"
          className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
        >
          {list.map((delivery) => (
            <DeliveryRow
              key={delivery.id}
              delivery={delivery}
              canResend={endpoint.enabled}
              isResending={resend.isPending && resend.variables?.deliveryId === delivery.id}
              onResend={() => resend.mutate({ endpointId: endpoint.id, deliveryId: delivery.id })}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function DeliveryRow({
  delivery,
  canResend,
  isResending,
  onResend,
}: {
  delivery: WebhookDelivery;
  canResend: boolean;
  isResending: boolean;
  onResend: () => void;
}) {
  const state = deliveryState(delivery);
  const eventLabel = DOMAIN_EVENT_TYPES[delivery.eventType as keyof typeof DOMAIN_EVENT_TYPES];
  const at = delivery.lastAttemptAt ?? delivery.createdAt;
  return (
    <li
      data-testid="webhook-delivery"
      data-delivery-id={delivery.id}
      className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:gap-4"
    >
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium text-slate-900 dark:text-slate-100">
            {eventLabel ?? delivery.eventType}
          </span>
          <ToneBadge tone={state.tone} label={state.label} dot />
        </div>
        <dl className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-slate-500 text-xs dark:text-slate-400">
          <div className="flex gap-1">
            <dt className="sr-only">Evento</dt>
            <dd className="font-mono">{delivery.eventType}</dd>
          </div>
          <div className="flex gap-1">
            <dt className="sr-only">Horário</dt>
            <dd>
              <time dateTime={at}>{formatDateTime(at)}</time>
            </dd>
          </div>
          <div className="flex gap-1">
            <dt>Resposta:</dt>
            <dd className="tabular-nums">
              {delivery.responseStatus === null ? '—' : `HTTP ${delivery.responseStatus}`}
            </dd>
          </div>
          <div className="flex gap-1">
            <dt className="sr-only">Tentativas</dt>
            <dd>{formatCount(delivery.attempts, 'tentativa', 'tentativas')}</dd>
          </div>
          {delivery.durationMs !== null ? (
            <div className="flex gap-1">
              <dt className="sr-only">Duração</dt>
              <dd className="tabular-nums">{formatMilliseconds(delivery.durationMs)}</dd>
            </div>
          ) : null}
        </dl>
        {delivery.error ? (
          <p className="mt-1 break-words text-red-700 text-xs dark:text-red-300">{delivery.error}</p>
        ) : null}
        {delivery.status === 'pending' && delivery.nextAttemptAt && delivery.attempts > 0 ? (
          <p className="mt-1 text-slate-500 text-xs dark:text-slate-400">
            Próxima tentativa às {formatTime(delivery.nextAttemptAt)}
          </p>
        ) : null}
      </div>
      {delivery.status === 'pending' ? null : (
        <Button
          size="sm"
          variant="secondary"
          className="self-start sm:self-center"
          disabled={!canResend}
          title={canResend ? undefined : 'Reative o webhook antes de reenviar'}
          isLoading={isResending}
          onClick={onResend}
          aria-label={`Reenviar ${eventLabel ?? delivery.eventType} de ${formatDateTime(at)}`}
        >
          {isResending ? null : <Send aria-hidden="true" className="size-3.5" />}
          Reenviar
        </Button>
      )}
    </li>
  );
}
