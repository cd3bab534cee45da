import type { WhatsappStatus } from '@atende/contracts';
import { ToneBadge } from '@/components/ui';
import { summarizeConnection } from '@/lib/inbox-connection';

/** An inbox's state as a badge: Conectado, Aguardando leitura do QR, Conectando or Desconectado. */
export function InboxConnectionBadge({ status, className }: { status: WhatsappStatus; className?: string }) {
  const { label, tone } = summarizeConnection(status);
  return <ToneBadge tone={tone} label={label} dot className={className} />;
}
