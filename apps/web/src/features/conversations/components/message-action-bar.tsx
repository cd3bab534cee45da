import type { Message } from '@atende/contracts';
import { CheckSquare, Forward, Reply, Smile, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { ACTION_BAR_EMOJI } from '../lib/constants';
import { EmojiMenu } from './emoji-menu';

export interface MessageActions {
  onToggleSelect: (messageId: string) => void;
  onReact: (message: Message, emoji: string) => void;
  onReply: (message: Message) => void;
  onForward: (message: Message) => void;
  onDelete: (message: Message) => void;
}

function ActionButton({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick?: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className="flex size-7 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
    >
      {children}
    </button>
  );
}

/**
 * Select, react (9 emoji), reply, forward, delete. On a phone (touch-hold) the bar takes its own
 * line above the bubble, so it never covers the message above; on wider screens it floats beside it.
 */
export function MessageActionBar({
  message,
  actions,
  isOwn,
  onMenuOpenChange,
}: {
  message: Message;
  actions: MessageActions;
  isOwn: boolean;
  onMenuOpenChange: (open: boolean) => void;
}) {
  return (
    <div
      role="toolbar"
      aria-label="Ações da mensagem"
      data-testid="message-actions"
      className={cn(
        'z-10 mb-1 flex w-fit items-center gap-0.5 rounded-lg border border-slate-200 bg-white p-0.5 shadow-md md:absolute md:top-1 md:mb-0 dark:border-slate-700 dark:bg-slate-900',
        isOwn ? 'md:right-full md:mr-2' : 'md:left-full md:ml-2',
      )}
    >
      <ActionButton label="Selecionar" onClick={() => actions.onToggleSelect(message.id)}>
        <CheckSquare aria-hidden="true" className="size-4" />
      </ActionButton>
      <EmojiMenu
        emojis={ACTION_BAR_EMOJI}
        columns={9}
        label="Reações"
        onPick={(emoji) => actions.onReact(message, emoji)}
        onOpenChange={onMenuOpenChange}
      >
        <button
          type="button"
          aria-label="Reagir"
          title="Reagir"
          className="flex size-7 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
        >
          <Smile aria-hidden="true" className="size-4" />
        </button>
      </EmojiMenu>
      <ActionButton label="Responder" onClick={() => actions.onReply(message)}>
        <Reply aria-hidden="true" className="size-4" />
      </ActionButton>
      <ActionButton label="Encaminhar" onClick={() => actions.onForward(message)}>
        <Forward aria-hidden="true" className="size-4" />
      </ActionButton>
      <ActionButton label="Apagar" onClick={() => actions.onDelete(message)}>
        <Trash2 aria-hidden="true" className="size-4" />
      </ActionButton>
    </div>
  );
}
