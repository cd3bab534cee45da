import type { Message } from '@atende/contracts';
import { SmilePlus } from 'lucide-react';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
import { BUBBLE_PICKER_EMOJI } from '../lib/constants';
import { hasAgentReacted } from '../lib/reactions';
import { EmojiMenu } from './emoji-menu';

/** Reaction chips (a click toggles ours) and the 15-emoji bubble picker. */
export function MessageReactions({
  message,
  isOwn,
  onReact,
}: {
  message: Message;
  isOwn: boolean;
  onReact: (message: Message, emoji: string) => void;
}) {
  const entries = Object.entries(message.reactions).filter(([, v]) => v.senders.length > 0);
  if (entries.length === 0) return null;
  return (
    <div className={cn('-mt-1.5 flex flex-wrap items-center gap-1', isOwn ? 'justify-end pr-2' : 'pl-2')}>
      {entries.map(([emoji, value]) => {
        const mine = hasAgentReacted(message.reactions, emoji);
        return (
          <button
            key={emoji}
            type="button"
            data-testid="reaction-chip"
            aria-pressed={mine}
            aria-label={`${emoji} ${formatNumber(value.senders.length)}${mine ? ' (sua reação)' : ''}`}
            onClick={() => onReact(message, emoji)}
            className={cn(
              'inline-flex h-6 items-center gap-1 rounded-full border px-1.5 text-xs shadow-sm',
              mine
                ? 'border-indigo-300 bg-indigo-50 text-indigo-700 dark:border-indigo-500/50 dark:bg-indigo-500/15 dark:text-indigo-200'
                : 'border-slate-200 bg-white text-slate-700 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-200',
            )}
          >
            <span>{emoji}</span>
            {value.senders.length > 1 && (
              <span className="tabular-nums">{formatNumber(value.senders.length)}</span>
            )}
          </button>
        );
      })}
      <BubbleReactionPicker message={message} onReact={onReact} />
    </div>
  );
}

/** The 15-emoji bubble picker. */
export function BubbleReactionPicker({
  message,
  onReact,
  className,
  onOpenChange,
}: {
  message: Message;
  onReact: (message: Message, emoji: string) => void;
  className?: string;
  onOpenChange?: (open: boolean) => void;
}) {
  return (
    <EmojiMenu
      emojis={BUBBLE_PICKER_EMOJI}
      label="Escolher reação"
      onPick={(emoji) => onReact(message, emoji)}
      onOpenChange={onOpenChange}
    >
      <button
        type="button"
        aria-label="Adicionar reação"
        title="Adicionar reação"
        className={cn(
          'flex size-6 items-center justify-center rounded-full border border-slate-200 bg-white text-slate-500 shadow-sm hover:text-slate-800 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-300 dark:hover:text-white',
          className,
        )}
      >
        <SmilePlus aria-hidden="true" className="size-3.5" />
      </button>
    </EmojiMenu>
  );
}
