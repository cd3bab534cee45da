import type { DeliveryStatus } from '@atende/contracts';
import { AlertCircle, Check, CheckCheck, Clock } from 'lucide-react';

const LABELS: Record<DeliveryStatus, string> = {
  pending: 'Enviando',
  sent: 'Enviada',
  delivered: 'Entregue',
  read: 'Lida',
  failed: 'Falha no envio',
};

/**
 * The double check on our own messages, following the delivery status; `readClass` and `failedClass`
 * colour it for the bubble it sits on.
 */
export function MessageStatusIcon({
  status,
  readClass = 'text-sky-300',
  failedClass = 'text-red-300',
}: {
  status: DeliveryStatus;
  readClass?: string;
  failedClass?: string;
}) {
  const label = LABELS[status];
  const common = { role: 'img', 'aria-label': label, className: 'size-3.5 shrink-0' } as const;
  switch (status) {
    case 'pending':
      return <Clock {...common} />;
    case 'sent':
      return <Check {...common} />;
    case 'delivered':
      return <CheckCheck {...common} />;
    case 'read':
      return <CheckCheck {...common} className={`size-3.5 shrink-0 ${readClass}`} />;
    case 'failed':
      return <AlertCircle {...common} className={`size-3.5 shrink-0 ${failedClass}`} />;
  }
}
