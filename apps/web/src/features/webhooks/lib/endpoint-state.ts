import {
  WEBHOOK_DELIVERY_STATUS_LABELS,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@atende/contracts';
import type { Tone } from '@/components/ui';
import { formatDate, formatRelativeTime, formatTime } from '@/lib/format';

export interface StateSummary {
  tone: Tone;
  label: string;
  /** One line saying why, or what happened last. */
  detail: string;
}

/** dd/MM/yyyy às HH:mm. */
export function formatDateTime(iso: string): string {
  return `${formatDate(iso)} às ${formatTime(iso)}`;
}

/**
 * What the card says about an endpoint. The server keeps `failingSince` when it turns a failing
 * endpoint off, and clears it when an admin does: that tells the two kinds of "off" apart.
 */
export function endpointState(endpoint: WebhookEndpoint, now: Date = new Date()): StateSummary {
  if (!endpoint.enabled) {
    const afterFailures = endpoint.failingSince !== null;
    return {
      tone: afterFailures ? 'error' : 'gray',
      label: afterFailures ? 'Desativado após falhas' : 'Desativado',
      detail: endpoint.disabledReason ?? 'Nenhum evento é enviado enquanto estiver desativado.',
    };
  }
  if (endpoint.failingSince !== null) {
    return {
      tone: 'warning',
      label: 'Com falhas',
      detail: `As entregas falham desde ${formatDateTime(endpoint.failingSince)}. Após 24 h de falhas ele é desativado.`,
    };
  }
  const last = endpoint.lastDelivery;
  if (!last) return { tone: 'success', label: 'Ativo', detail: 'Nenhuma entrega ainda.' };
  return {
    tone: 'success',
    label: 'Ativo',
    detail: `Última entrega: ${WEBHOOK_DELIVERY_STATUS_LABELS[last.status].toLowerCase()} ${whenSaid(last.at, now)}.`,
  };
}

/** "agora", "há 5 min", "em 12/05": after a verb ("entregue há 5 min"). */
function whenSaid(iso: string, now: Date): string {
  const relative = formatRelativeTime(iso, now);
  if (relative === 'Agora') return 'agora';
  return relative.startsWith('há') ? relative : `em ${relative}`;
}

/** A line of the delivery log: queued, waiting for a retry, delivered or failed for good. */
export function deliveryState(delivery: WebhookDelivery): { tone: Tone; label: string } {
  if (delivery.status === 'pending') {
    return delivery.attempts > 0
      ? { tone: 'warning', label: 'Nova tentativa' }
      : { tone: 'info', label: 'Na fila' };
  }
  return {
    tone: delivery.status === 'delivered' ? 'success' : 'error',
    label: WEBHOOK_DELIVERY_STATUS_LABELS[delivery.status],
  };
}
