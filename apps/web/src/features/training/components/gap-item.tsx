import type { KnowledgeGap } from '@atende/contracts';
import { BookPlus, MessageSquareText, X } from 'lucide-react';
import { Link } from 'react-router';
import { Button, ToneBadge } from '@/components/ui';
import { conversationHref } from '@/lib/conversation-link';
import { formatDate, formatRelativeTime, formatTime } from '@/lib/format';
import { askedTimes, REASON_LABELS } from '../lib/gap-labels';

export interface GapItemProps {
  gap: KnowledgeGap;
  /** Admins only: the actions are not rendered for other users. */
  canManage: boolean;
  onAdd: (gap: KnowledgeGap) => void;
  onDismiss: (gap: KnowledgeGap) => void;
  isDismissing?: boolean;
}

/** One open gap: the question, how often and why, the operator's reply, and the admin actions. */
export function GapItem({ gap, canManage, onAdd, onDismiss, isDismissing = false }: GapItemProps) {
  const reason = REASON_LABELS[gap.reason];
  return (
    <li
      className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-start sm:gap-6"
      data-testid="knowledge-gap"
    >
      <div className="min-w-0 flex-1 space-y-2">
        <p className="break-words font-medium text-slate-900 text-sm leading-6 dark:text-slate-100">
          {gap.question}
        </p>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5 text-slate-500 text-xs dark:text-slate-400">
          <span className="font-medium text-slate-700 dark:text-slate-300">{askedTimes(gap.count)}</span>
          <ToneBadge tone={reason.tone} label={reason.label} />
          <time
            dateTime={gap.lastAskedAt}
            title={`${formatDate(gap.lastAskedAt)} ${formatTime(gap.lastAskedAt)}`}
          >
            Última vez {formatRelativeTime(gap.lastAskedAt).toLowerCase()}
          </time>
          {gap.conversationId && (
            <Link
              to={conversationHref(gap.conversationId)}
              className="inline-flex items-center gap-1 rounded font-medium text-indigo-600 hover:text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:text-indigo-400 dark:hover:text-indigo-300"
            >
              <MessageSquareText aria-hidden="true" className="size-3.5" />
              Ver conversa
            </Link>
          )}
        </div>
        {gap.suggestedAnswer ? (
          <blockquote className="rounded-md border-indigo-300 border-l-2 bg-slate-50 px-3 py-2 text-slate-600 text-sm leading-6 dark:border-indigo-500/60 dark:bg-slate-800/60 dark:text-slate-300">
            <span className="mb-0.5 block font-medium text-slate-500 text-xs dark:text-slate-400">
              Resposta do atendente
            </span>
            <span className="line-clamp-3 break-words">{gap.suggestedAnswer}</span>
          </blockquote>
        ) : (
          <p className="text-slate-400 text-xs italic dark:text-slate-500">
            Nenhum atendente respondeu ainda
          </p>
        )}
      </div>
      {canManage && (
        <div className="flex shrink-0 gap-2 sm:flex-col sm:items-stretch">
          <Button size="sm" onClick={() => onAdd(gap)} className="flex-1 sm:flex-none">
            <BookPlus aria-hidden="true" className="size-4" />
            Adicionar à base
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => onDismiss(gap)}
            isLoading={isDismissing}
            className="flex-1 sm:flex-none"
          >
            {!isDismissing && <X aria-hidden="true" className="size-4" />}
            Descartar
          </Button>
        </div>
      )}
    </li>
  );
}
