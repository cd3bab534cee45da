import type { HandlerMode } from '@atende/contracts';
import { Bot, Hourglass, PauseCircle, UserRound } from 'lucide-react';
import { cn } from '@/lib/cn';

const STYLES: Record<HandlerMode, { className: string; Icon: typeof Bot }> = {
  ai: {
    className: 'bg-indigo-50 text-indigo-700 dark:bg-indigo-500/10 dark:text-indigo-300',
    Icon: Bot,
  },
  waiting_human: {
    className: 'bg-amber-50 text-amber-800 dark:bg-amber-500/10 dark:text-amber-300',
    Icon: Hourglass,
  },
  human: {
    className: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-500/10 dark:text-emerald-300',
    Icon: UserRound,
  },
  paused: {
    className: 'bg-slate-100 text-slate-600 dark:bg-slate-500/15 dark:text-slate-300',
    Icon: PauseCircle,
  },
};

/**
 * Who answers an open conversation, in the words of `conversationView` ("IA respondendo", "Com você",
 * "Com Ana", "Aguardando humano"); a finished one has no chip at all.
 */
export function HandlerChip({
  mode,
  label,
  className,
}: {
  mode: HandlerMode;
  label: string;
  className?: string;
}) {
  const { className: tone, Icon } = STYLES[mode];
  return (
    <span
      data-testid="handler-chip"
      title={label}
      className={cn(
        'inline-flex max-w-full items-center gap-1 truncate rounded-full px-2 py-0.5 font-medium text-xs',
        tone,
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-3 shrink-0" />
      <span className="truncate">{label}</span>
    </span>
  );
}
