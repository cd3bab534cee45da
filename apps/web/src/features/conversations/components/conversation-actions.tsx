import type { Conversation, ConversationView } from '@atende/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { AlarmClockOff, Bot, CheckCircle2, Hand, RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui';
import { cn } from '@/lib/cn';
import { useHandBackConversation } from '../api/hand-back-conversation';
import { useTakeOverConversation } from '../api/take-over-conversation';
import { TRANSITION_DONE, useTransitionConversation } from '../api/transition-conversation';
import { errorReason, notify } from '../hooks/use-notify';
import { placeConversation } from '../realtime/cache-updates';
import { SnoozeMenu } from './snooze-menu';

/** A button's words: only for screen readers where the icon must do (a phone's header). */
function Label({ text, compact }: { text: string; compact: boolean }) {
  return <span className={cn(compact && 'sr-only')}>{text}</span>;
}

/**
 * The header's buttons, exactly the actions `conversationView` allows: Assumir / Devolver à IA while
 * open, Adiar or Retomar, and Resolver (primary) or Reabrir. Archive, assign and delete live in the
 * options menu.
 */
export function ConversationActions({
  conversation,
  view,
  compact,
}: {
  conversation: Conversation;
  view: ConversationView;
  /** Phones: every button shows its icon only (its name as a title), so they keep to one line. */
  compact: boolean;
}) {
  const qc = useQueryClient();
  const takeOver = useTakeOverConversation();
  const handBack = useHandBackConversation();
  const transition = useTransitionConversation();
  const { actions } = view;
  const id = conversation.id;
  const onError = (error: Error) => notify.error(errorReason(error));
  const step = (name: 'resolve' | 'reopen' | 'unsnooze') =>
    transition.mutate(
      { conversationId: id, step: name },
      { onSuccess: ({ message }) => notify.success(message || TRANSITION_DONE[name]), onError },
    );
  const pending = (name: string) => transition.isPending && transition.variables?.step === name;
  // Square icon buttons on a phone: four of them leave room for who answers on the same line.
  const square = compact ? 'w-8 shrink-0 px-0 [&>svg]:shrink-0' : undefined;

  return (
    <div
      className={cn(
        'ml-auto flex items-center justify-end gap-2',
        compact ? 'shrink-0 flex-nowrap' : 'flex-wrap',
      )}
    >
      {actions.has('takeover') && (
        <Button
          size="sm"
          variant="secondary"
          title="Assumir"
          className={square}
          isLoading={takeOver.isPending}
          onClick={() => takeOver.mutate(id, { onSuccess: (row) => placeConversation(qc, row), onError })}
        >
          {!takeOver.isPending && <Hand aria-hidden="true" className="size-3.5" />}
          <Label text="Assumir" compact={compact} />
        </Button>
      )}
      {actions.has('handback') && (
        <Button
          size="sm"
          variant="secondary"
          title="Devolver à IA"
          className={square}
          isLoading={handBack.isPending}
          onClick={() => handBack.mutate(id, { onSuccess: (row) => placeConversation(qc, row), onError })}
        >
          {!handBack.isPending && <Bot aria-hidden="true" className="size-3.5" />}
          <Label text="Devolver à IA" compact={compact} />
        </Button>
      )}
      {actions.has('snooze') && <SnoozeMenu conversationId={id} compact={compact} />}
      {actions.has('unsnooze') && (
        <Button
          size="sm"
          variant="secondary"
          title="Retomar"
          className={square}
          isLoading={pending('unsnooze')}
          onClick={() => step('unsnooze')}
        >
          {!pending('unsnooze') && <AlarmClockOff aria-hidden="true" className="size-3.5" />}
          <Label text="Retomar" compact={compact} />
        </Button>
      )}
      {actions.has('reopen') && (
        <Button
          size="sm"
          variant={actions.has('resolve') ? 'secondary' : 'primary'}
          title="Reabrir"
          className={compact && actions.has('resolve') ? square : undefined}
          isLoading={pending('reopen')}
          onClick={() => step('reopen')}
        >
          {!pending('reopen') && <RotateCcw aria-hidden="true" className="size-3.5" />}
          <Label text="Reabrir" compact={compact && actions.has('resolve')} />
        </Button>
      )}
      {actions.has('resolve') && (
        <Button
          size="sm"
          variant="primary"
          title="Resolver"
          className={square}
          isLoading={pending('resolve')}
          onClick={() => step('resolve')}
        >
          {!pending('resolve') && <CheckCircle2 aria-hidden="true" className="size-3.5" />}
          <Label text="Resolver" compact={compact} />
        </Button>
      )}
    </div>
  );
}
