import type { Message } from '@atende/contracts';
import { useMemo, useRef } from 'react';
import { useConfirm } from '@/components/ui';
import { useReactToMessage } from '../api/react-to-message';
import type { MessageActions } from '../components/message-action-bar';
import { nextReaction } from '../lib/reactions';
import { notify } from './use-notify';

interface Handlers {
  conversationId: string;
  onToggleSelect: (messageId: string) => void;
  onReply: (message: Message) => void;
  onForward: (message: Message) => void;
  onDeleteLocal: (messageIds: readonly string[]) => void;
}

/**
 * One stable actions object for every bubble (so memoised bubbles do not re-render), always calling
 * the latest handlers.
 */
export function useMessageActions(handlers: Handlers): MessageActions {
  const latest = useRef(handlers);
  latest.current = handlers;
  const confirm = useConfirm();
  const react = useReactToMessage();
  const reactRef = useRef(react);
  reactRef.current = react;

  return useMemo<MessageActions>(
    () => ({
      onToggleSelect: (id) => latest.current.onToggleSelect(id),
      onReply: (message) => latest.current.onReply(message),
      onForward: (message) => latest.current.onForward(message),
      onReact: (message, emoji) => {
        reactRef.current.mutate(
          {
            conversationId: message.conversationId,
            messageId: message.id,
            emoji: nextReaction(message.reactions, emoji),
          },
          { onError: () => notify.error('Erro ao enviar reação') },
        );
      },
      onDelete: async (message) => {
        const ok = await confirm({
          message: 'Tem certeza que deseja apagar esta mensagem?',
          variant: 'error',
        });
        if (!ok) return;
        try {
          latest.current.onDeleteLocal([message.id]);
        } catch (error) {
          console.error(error);
          notify.error('Erro ao apagar mensagem(ns)');
        }
      },
    }),
    [confirm],
  );
}
