import { CONVERSATION_PRIORITIES, type ConversationPriority } from '@atende/contracts';
import { Flag } from 'lucide-react';
import { cn } from '@/lib/cn';

const TONE: Record<ConversationPriority, string> = {
  urgent: 'bg-red-50 text-red-700 dark:bg-red-500/10 dark:text-red-300',
  high: 'bg-orange-50 text-orange-800 dark:bg-orange-500/10 dark:text-orange-300',
  medium: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
  low: 'bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400',
};

/** A conversation's priority (set by a rule or a macro), as a small flag chip; nothing without one. */
export function PriorityChip({
  priority,
  className,
}: {
  priority: ConversationPriority | null | undefined;
  className?: string;
}) {
  if (!priority) return null;
  const label = CONVERSATION_PRIORITIES[priority];
  return (
    <span
      data-testid="conversation-priority"
      title={`Prioridade ${label.toLowerCase()}`}
      className={cn(
        'inline-flex shrink-0 items-center gap-0.5 rounded px-1.5 font-medium text-[11px] leading-4',
        TONE[priority],
        className,
      )}
    >
      <Flag aria-hidden="true" className="size-3" />
      <span className="sr-only">Prioridade </span>
      {label}
    </span>
  );
}
