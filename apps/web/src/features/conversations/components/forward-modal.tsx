import type { Conversation, Message } from '@atende/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Avatar, Button, Modal } from '@/components/ui';
import { cn } from '@/lib/cn';
import { type ConversationsCache, conversationsListBaseKey } from '../api/get-conversations';
import { useSendMessage } from '../api/send-message';
import { notify } from '../hooks/use-notify';
import { matchesSearch } from '../lib/conversation-filters';
import { displayName, forwardText, quotedText } from '../lib/message-text';

interface Props {
  currentConversation: Conversation | null;
  message: Message | null;
  open: boolean;
  onClose: () => void;
}

const MAX_CHOICES = 50;

/** Conversations already loaded in any list, newest first, without duplicates. */
function useLoadedConversations(open: boolean): Conversation[] {
  const qc = useQueryClient();
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read the cache each time the modal opens
  return useMemo(() => {
    const seen = new Map<string, Conversation>();
    for (const [, cache] of qc.getQueriesData<ConversationsCache>({ queryKey: conversationsListBaseKey })) {
      for (const page of cache?.pages ?? [])
        for (const row of page.rows) if (!seen.has(row.id)) seen.set(row.id, row);
    }
    return [...seen.values()].sort((a, b) =>
      (b.lastMessageTime ?? '').localeCompare(a.lastMessageTime ?? ''),
    );
  }, [open, qc]);
}

/** 'Encaminhar Mensagem': choose another conversation (the current one is excluded). */
export function ForwardModal({ currentConversation, message, open, onClose }: Props) {
  const [search, setSearch] = useState('');
  const [targetId, setTargetId] = useState<string | null>(null);
  const send = useSendMessage();
  const loaded = useLoadedConversations(open);
  useEffect(() => {
    if (open) {
      setSearch('');
      setTargetId(null);
    }
  }, [open]);

  const choices = loaded
    .filter((row) => row.id !== currentConversation?.id && matchesSearch(row, search))
    .slice(0, MAX_CHOICES);

  const submit = () => {
    if (!targetId) return;
    if (!message) {
      notify.error('Mensagem não encontrada');
      return;
    }
    const from = currentConversation ? displayName(currentConversation) : 'outra conversa';
    send.mutate(
      { conversationId: targetId, message: forwardText(message, from).slice(0, 1000) },
      {
        onSuccess: () => {
          notify.success('Mensagem encaminhada');
          onClose();
        },
        onError: () => notify.error('Erro ao encaminhar mensagem'),
      },
    );
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title="Encaminhar Mensagem"
      description="Escolha a conversa de destino."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={submit} disabled={!targetId} isLoading={send.isPending}>
            Encaminhar
          </Button>
        </>
      }
    >
      {message && (
        <p className="mb-3 line-clamp-3 whitespace-pre-wrap break-words rounded-md bg-slate-50 px-3 py-2 text-xs dark:bg-slate-800/60">
          {quotedText(message.content)}
        </p>
      )}
      <div className="relative mb-2">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-400"
        />
        <input
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Buscar conversa..."
          aria-label="Buscar conversa de destino"
          className="h-9 w-full rounded-md border border-slate-300 bg-white pr-3 pl-8 text-sm dark:border-slate-700 dark:bg-slate-950"
        />
      </div>
      <div
        role="radiogroup"
        aria-label="Conversa de destino"
        className="flex max-h-72 flex-col gap-1 overflow-y-auto"
      >
        {choices.length === 0 && (
          <p className="py-6 text-center text-slate-500">Nenhuma outra conversa disponível</p>
        )}
        {choices.map((row) => (
          // biome-ignore lint/a11y/useSemanticElements: a styled radio row
          <button
            key={row.id}
            type="button"
            role="radio"
            aria-checked={targetId === row.id}
            onClick={() => setTargetId(row.id)}
            className={cn(
              'flex items-center gap-3 rounded-lg border px-3 py-2 text-left',
              targetId === row.id
                ? 'border-indigo-400 bg-indigo-50 dark:border-indigo-500/60 dark:bg-indigo-500/10'
                : 'border-transparent hover:bg-slate-50 dark:hover:bg-slate-800/60',
            )}
          >
            <Avatar name={row.clientName} size="sm" />
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium text-slate-900 dark:text-slate-100">
                {displayName(row)}
              </span>
              <span className="block truncate text-slate-500 text-xs dark:text-slate-400">
                {row.lastMessage || 'Nenhuma mensagem'}
              </span>
            </span>
          </button>
        ))}
      </div>
    </Modal>
  );
}
