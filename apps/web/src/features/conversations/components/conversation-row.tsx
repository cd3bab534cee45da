import type { Conversation } from '@atende/contracts';
import { Bot, MessageSquare } from 'lucide-react';
import { memo } from 'react';
import { Avatar } from '@/components/ui';
import { cn } from '@/lib/cn';
import { formatCount, formatNumber, formatRelativeTime } from '@/lib/format';
import { displayName } from '../lib/message-text';
import { ConversationStatusBadge } from './conversation-status-badge';
import { HandlerChip } from './handler-chip';
import { RowLabels } from './row-labels';

/** Fixed row height, so the virtualiser never has to measure. */
export const ROW_HEIGHT = 92;

interface ConversationRowProps {
  row: Conversation;
  isSelected: boolean;
  onSelect: (id: string) => void;
  /** Shown only while there is more than one inbox. */
  inboxName?: string | undefined;
}

export const ConversationRow = memo(function ConversationRow({
  row,
  isSelected,
  onSelect,
  inboxName,
}: ConversationRowProps) {
  const name = displayName(row);
  return (
    <button
      type="button"
      data-testid="conversation-row"
      data-conversation-id={row.id}
      aria-current={isSelected ? 'true' : undefined}
      onClick={() => onSelect(row.id)}
      style={{ height: ROW_HEIGHT }}
      className={cn(
        'flex w-full items-start gap-3 border-slate-100 border-b px-4 py-3 text-left transition-colors focus-visible:outline-2 focus-visible:outline-indigo-500 focus-visible:-outline-offset-2 dark:border-slate-800/70',
        isSelected ? 'bg-indigo-50/80 dark:bg-indigo-500/10' : 'hover:bg-slate-50 dark:hover:bg-slate-800/50',
      )}
    >
      <Avatar name={row.clientName ?? null} size="md" />
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="flex items-baseline gap-2">
          <span className="truncate font-medium text-slate-900 text-sm dark:text-slate-100">{name}</span>
          {inboxName ? (
            // Shrinks before the client's name does: the name says who, the inbox only where.
            <span
              data-testid="conversation-inbox"
              title={`Caixa de entrada: ${inboxName}`}
              className="min-w-10 max-w-[35%] shrink-[8] truncate rounded bg-slate-100 px-1.5 text-[11px] text-slate-600 leading-4 dark:bg-slate-800 dark:text-slate-300"
            >
              <span className="sr-only">Caixa de entrada: </span>
              {inboxName}
            </span>
          ) : null}
          {row.lastMessageTime && (
            <span className="ml-auto shrink-0 text-slate-500 text-xs dark:text-slate-400">
              {formatRelativeTime(row.lastMessageTime)}
            </span>
          )}
        </span>
        <span className="flex items-center gap-1.5 text-slate-600 text-sm dark:text-slate-400">
          {row.isAiHandled && (
            <Bot
              role="img"
              aria-label="Atendida pela IA"
              className="size-3.5 shrink-0 text-indigo-600 dark:text-indigo-400"
            />
          )}
          <span className={cn('truncate', !row.lastMessage && 'italic')}>
            {row.lastMessage || 'Nenhuma mensagem'}
          </span>
        </span>
        <span className="flex items-center gap-1.5 text-slate-500 text-xs dark:text-slate-400">
          <ConversationStatusBadge status={row.status} className="shrink-0" />
          <HandlerChip handler={row.handler} className="min-w-0" />
          <span className="ml-auto flex shrink-0 items-center gap-2">
            <RowLabels tags={row.tags} />
            <span
              className="inline-flex items-center gap-0.5"
              title={formatCount(row.messageCount, 'mensagem', 'mensagens')}
            >
              <MessageSquare aria-hidden="true" className="size-3" />
              {formatNumber(row.messageCount)}
            </span>
          </span>
        </span>
      </span>
    </button>
  );
});
