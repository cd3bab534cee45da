import type { Conversation } from '@atende/contracts';
import { Bot, Hourglass, MessageSquare, Timer } from 'lucide-react';
import { memo } from 'react';
import { Avatar } from '@/components/ui';
import { cn } from '@/lib/cn';
import { formatCount, formatNumber, formatRelativeTime } from '@/lib/format';
import { useConversationView } from '../hooks/use-conversation-view';
import { displayName } from '../lib/message-text';
import { slaChip } from '../lib/sla';
import { formatWaiting, waitingSince } from '../lib/waiting';
import { ConversationHandler, ConversationStatusBadge } from './conversation-state';
import { LastMessagePreview } from './last-message-preview';
import { PriorityChip } from './priority-chip';
import { RowLabels } from './row-labels';

/** Fixed row height, so the virtualiser never has to measure. */
export const ROW_HEIGHT = 92;

interface ConversationRowProps {
  row: Conversation;
  index: number;
  isSelected: boolean;
  onSelect: (id: string) => void;
  /** Checked for a bulk action. */
  isChecked: boolean;
  /** Some row is checked: every row shows its checkbox. */
  isChecking: boolean;
  onCheck: (id: string) => void;
  /** Date.now() of the last tick, for the waiting time. */
  now: number;
  /** Shown only while there is more than one inbox. */
  inboxName?: string | undefined;
}

export const ConversationRow = memo(function ConversationRow({
  row,
  index,
  isSelected,
  onSelect,
  isChecked,
  isChecking,
  onCheck,
  now,
  inboxName,
}: ConversationRowProps) {
  const name = displayName(row);
  const view = useConversationView(row);
  const unread = row.unreadCount ?? 0;
  const since = waitingSince(row);
  const sla = slaChip(row.sla, now);
  return (
    <div
      data-testid="conversation-row-item"
      className={cn(
        'group/row relative border-slate-100 border-b dark:border-slate-800/70',
        isSelected
          ? 'bg-indigo-50/80 dark:bg-indigo-500/10'
          : isChecked
            ? 'bg-slate-50 dark:bg-slate-800/40'
            : 'hover:bg-slate-50 dark:hover:bg-slate-800/50',
      )}
      style={{ height: ROW_HEIGHT }}
    >
      <button
        type="button"
        data-testid="conversation-row"
        data-conversation-id={row.id}
        data-row-index={index}
        data-unread={unread > 0 ? unread : undefined}
        aria-current={isSelected ? 'true' : undefined}
        onClick={() => onSelect(row.id)}
        className="flex h-full w-full items-start gap-3 px-4 py-3 text-left focus-visible:outline-2 focus-visible:outline-indigo-500 focus-visible:-outline-offset-2"
      >
        <Avatar
          name={row.clientName ?? null}
          colorSeed={row.clientId}
          size="md"
          className={cn(
            isChecking ? 'invisible' : 'group-focus-within/row:invisible group-hover/row:invisible',
          )}
        />
        <span className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="flex items-baseline gap-2">
            <span
              className={cn(
                'min-w-0 truncate text-sm',
                unread > 0
                  ? 'font-bold text-slate-950 dark:text-white'
                  : 'font-medium text-slate-900 dark:text-slate-100',
              )}
            >
              {name}
            </span>
            <PriorityChip priority={row.priority} />
            {inboxName ? (
              // Whole (a cut name says nothing); the client's name gives way first, down to a few letters.
              <span
                data-testid="conversation-inbox"
                title={`Caixa de entrada: ${inboxName}`}
                className="max-w-[60%] shrink-0 truncate whitespace-nowrap rounded bg-slate-100 px-1.5 text-[11px] text-slate-600 leading-4 dark:bg-slate-800 dark:text-slate-300"
              >
                <span className="sr-only">Caixa de entrada: </span>
                {inboxName}
              </span>
            ) : null}
            {row.lastMessageTime && (
              <span
                className={cn(
                  'ml-auto shrink-0 text-xs',
                  unread > 0
                    ? 'font-semibold text-indigo-700 dark:text-indigo-300'
                    : 'text-slate-500 dark:text-slate-400',
                )}
              >
                {formatRelativeTime(row.lastMessageTime)}
              </span>
            )}
          </span>
          <span className="flex items-center gap-1.5 text-sm">
            {row.isAiHandled && view.handler && (
              <Bot
                role="img"
                aria-label="Atendida pela IA"
                className="size-3.5 shrink-0 text-indigo-600 dark:text-indigo-400"
              />
            )}
            <span
              className={cn(
                'truncate',
                !row.lastMessage && 'italic',
                unread > 0
                  ? 'font-semibold text-slate-900 dark:text-slate-100'
                  : 'text-slate-600 dark:text-slate-400',
              )}
            >
              <LastMessagePreview text={row.lastMessage} />
            </span>
            {unread > 0 && (
              <span
                data-testid="unread-badge"
                className="ml-auto flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-indigo-600 px-1.5 font-semibold text-[11px] text-white tabular-nums dark:bg-indigo-500"
              >
                <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
                <span className="sr-only">
                  {formatCount(unread, 'mensagem não lida', 'mensagens não lidas')}
                </span>
              </span>
            )}
          </span>
          <span className="flex items-center gap-1.5 text-slate-500 text-xs dark:text-slate-400">
            {sla && (
              <span
                data-testid="sla-chip"
                title={sla.title}
                className={cn(
                  'inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 font-medium text-xs',
                  sla.tone === 'error'
                    ? 'bg-red-50 text-red-700 dark:bg-red-500/10 dark:text-red-300'
                    : 'bg-amber-50 text-amber-800 dark:bg-amber-500/10 dark:text-amber-300',
                )}
              >
                <Timer aria-hidden="true" className="size-3 shrink-0" />
                {sla.label}
              </span>
            )}
            {since ? (
              // Waiting for a person (an open conversation, so no status badge): how long it has waited.
              <span
                data-testid="waiting-time"
                title={`${view.status.label} · ${view.handler?.label ?? ''}`}
                className="inline-flex min-w-0 items-center gap-1 truncate rounded-full bg-amber-50 px-2 py-0.5 font-medium text-amber-800 text-xs dark:bg-amber-500/10 dark:text-amber-300"
              >
                <Hourglass aria-hidden="true" className="size-3 shrink-0" />
                <span className="truncate">{formatWaiting(since, now)}</span>
              </span>
            ) : (
              <>
                <ConversationStatusBadge view={view} className="shrink-0" />
                <ConversationHandler view={view} mode={row.handler.mode} className="min-w-0" />
              </>
            )}
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
      <label
        className={cn(
          'absolute top-3 left-4 size-10 cursor-pointer items-center justify-center rounded-full bg-white dark:bg-slate-900',
          isChecking ? 'flex' : 'hidden group-focus-within/row:flex group-hover/row:flex',
          (isSelected || isChecked) && 'bg-transparent dark:bg-transparent',
        )}
      >
        <input
          type="checkbox"
          data-testid="row-checkbox"
          checked={isChecked}
          onChange={() => onCheck(row.id)}
          aria-label={`Selecionar ${name}`}
          className="size-4 cursor-pointer accent-indigo-600"
        />
      </label>
    </div>
  );
});
