import type { Client, Conversation } from '@atende/contracts';
import { formatPhone } from '@atende/contracts';
import { Link } from 'react-router';
import { Avatar, buttonClasses, Modal } from '@/components/ui';
import { useLabels } from '@/lib/api/get-labels';
import { formatDate, formatNumber, formatRelativeTime } from '@/lib/format';
import { displayName } from '../lib/message-text';
import { AutomationRuns } from './automation-runs';

/** 'Ver perfil': the client at a glance (no call beyond the lookup already made), and a link to the CRM page. */
export function ProfileModal({
  conversation,
  client,
  open,
  onClose,
}: {
  conversation: Conversation;
  client: Client | null | undefined;
  open: boolean;
  onClose: () => void;
}) {
  // Conversations keep label ids; the profile names them.
  const labels = useLabels().data;
  const labelNames = conversation.tags.map((id) => labels?.find((label) => label.id === id)?.name ?? id);
  const rows: Array<[string, string]> = [
    ['Telefone', formatPhone(client?.phone ?? conversation.clientPhone) || '—'],
    ['E-mail', client?.email ?? '—'],
    ['Mensagens', formatNumber(client?.totalMessages ?? conversation.messageCount)],
    ['Último contato', client?.lastContact ? formatRelativeTime(client.lastContact) : '—'],
    ['Cliente desde', formatDate(conversation.startedAt)],
    ['Etiquetas', labelNames.join(', ') || '—'],
  ];
  return (
    <Modal open={open} onOpenChange={(next) => !next && onClose()} title="Perfil do cliente" size="md">
      <div className="mb-4 flex items-center gap-3">
        <Avatar name={client?.name ?? conversation.clientName} src={client?.avatar} size="lg" />
        <div className="min-w-0">
          <div className="truncate font-semibold text-base text-slate-900 dark:text-slate-100">
            {displayName(conversation)}
          </div>
          <div className="text-slate-500 text-xs dark:text-slate-400">ID {conversation.clientId}</div>
        </div>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
            <dd className="break-words text-slate-900 dark:text-slate-100">{value}</dd>
          </div>
        ))}
      </dl>
      <Link
        to={`/clients/${encodeURIComponent(conversation.clientId)}`}
        className={`${buttonClasses('md', 'secondary')} mt-5 w-full`}
      >
        Abrir ficha do cliente
      </Link>
      <div className="mt-5 border-slate-200 border-t pt-4 dark:border-slate-800">
        <AutomationRuns conversationId={conversation.id} enabled={open} />
      </div>
    </Modal>
  );
}
