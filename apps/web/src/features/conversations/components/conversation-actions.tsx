import type { Conversation, ConversationView } from '@atende/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { AlarmClockOff, Bot, CheckCircle2, Hand, RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui';
import { useHandBackConversation } from '../api/hand-back-conversation';
import { useTakeOverConversation } from '../api/take-over-conversation';
import { TRANSITION_DONE, useTransitionConversation } from '../api/transition-conversation';
import { errorReason, notify } from '../hooks/use-notify';
import { placeConversation } from '../realtime/cache-updates';
import { SnoozeMenu } from './snooze-menu';

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
  /** Phones: Adiar shows its icon only. */
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

  return (
    <div className="ml-auto flex flex-wrap items-center justify-end gap-2">
      {actions.has('takeover') && (
        <Button
          size="sm"
          variant="secondary"
          isLoading={takeOver.isPending}
          onClick={() => takeOver.mutate(id, { onSuccess: (row) => placeConversation(qc, row), onError })}
        >
          {!takeOver.isPending && <Hand aria-hidden="true" className="size-3.5" />}
          Assumir
        </Button>
      )}
      {actions.has('handback') && (
        <Button
          size="sm"
          variant="secondary"
          isLoading={handBack.isPending}
          onClick={() => handBack.mutate(id, { onSuccess: (row) => placeConversation(qc, row), onError })}
        >
          {!handBack.isPending && <Bot aria-hidden="true" className="size-3.5" />}
          Devolver à IA
        </Button>
      )}
      {actions.has('snooze') && <SnoozeMenu conversationId={id} compact={compact} />}
      {actions.has('unsnooze') && (
        <Button
          size="sm"
          variant="secondary"
          isLoading={pending('unsnooze')}
          onClick={() => step('unsnooze')}
        >
          {!pending('unsnooze') && <AlarmClockOff aria-hidden="true" className="size-3.5" />}
          Retomar
        </Button>
      )}
      {actions.has('reopen') && (
        <Button
          size="sm"
          variant={actions.has('resolve') ? 'secondary' : 'primary'}
          isLoading={pending('reopen')}
          onClick={() => step('reopen')}
        >
          {!pending('reopen') && <RotateCcw aria-hidden="true" className="size-3.5" />}
          Reabrir
        </Button>
      )}
      {actions.has('resolve') && (
        <Button size="sm" variant="primary" isLoading={pending('resolve')} onClick={() => step('resolve')}>
          {!pending('resolve') && <CheckCircle2 aria-hidden="true" className="size-3.5" />}
          Resolver
        </Button>
      )}
    </div>
  );
}
