import type { Conversation, ConversationView } from '@atende/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { AlarmClockOff, Bot, CheckCircle2, Hand, type LucideIcon, RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui';
import { cn } from '@/lib/cn';
import { useHandBackConversation } from '../api/hand-back-conversation';
import { useTakeOverConversation } from '../api/take-over-conversation';
import { TRANSITION_DONE, useTransitionConversation } from '../api/transition-conversation';
import { errorReason, notify } from '../hooks/use-notify';
import { placeConversation } from '../realtime/cache-updates';
import { SnoozeMenu } from './snooze-menu';

// Square icon buttons on a phone: four of them leave room for who answers on the same line.
const SQUARE = 'w-8 shrink-0 px-0 [&>svg]:shrink-0';

/** One header action: its icon (a spinner while it runs) and its name, for screen readers only when compact. */
function ActionButton({
  label,
  icon: Icon,
  variant = 'secondary',
  compact,
  isPending,
  onClick,
}: {
  label: string;
  icon: LucideIcon;
  variant?: 'primary' | 'secondary';
  compact: boolean;
  isPending: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      size="sm"
      variant={variant}
      title={label}
      className={compact ? SQUARE : undefined}
      isLoading={isPending}
      onClick={onClick}
    >
      {!isPending && <Icon aria-hidden="true" className="size-3.5" />}
      <span className={cn(compact && 'sr-only')}>{label}</span>
    </Button>
  );
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

  return (
    <div
      className={cn(
        'ml-auto flex items-center justify-end gap-2',
        compact ? 'shrink-0 flex-nowrap' : 'flex-wrap',
      )}
    >
      {actions.has('takeover') && (
        <ActionButton
          label="Assumir"
          icon={Hand}
          compact={compact}
          isPending={takeOver.isPending}
          onClick={() => takeOver.mutate(id, { onSuccess: (row) => placeConversation(qc, row), onError })}
        />
      )}
      {actions.has('handback') && (
        <ActionButton
          label="Devolver à IA"
          icon={Bot}
          compact={compact}
          isPending={handBack.isPending}
          onClick={() => handBack.mutate(id, { onSuccess: (row) => placeConversation(qc, row), onError })}
        />
      )}
      {actions.has('snooze') && <SnoozeMenu conversationId={id} compact={compact} />}
      {actions.has('unsnooze') && (
        <ActionButton
          label="Retomar"
          icon={AlarmClockOff}
          compact={compact}
          isPending={pending('unsnooze')}
          onClick={() => step('unsnooze')}
        />
      )}
      {actions.has('reopen') && (
        // Beside Resolver it is the secondary one, squared on a phone; alone it is the primary, with its name.
        <ActionButton
          label="Reabrir"
          icon={RotateCcw}
          variant={actions.has('resolve') ? 'secondary' : 'primary'}
          compact={compact && actions.has('resolve')}
          isPending={pending('reopen')}
          onClick={() => step('reopen')}
        />
      )}
      {actions.has('resolve') && (
        <ActionButton
          label="Resolver"
          icon={CheckCircle2}
          variant="primary"
          compact={compact}
          isPending={pending('resolve')}
          onClick={() => step('resolve')}
        />
      )}
    </div>
  );
}
