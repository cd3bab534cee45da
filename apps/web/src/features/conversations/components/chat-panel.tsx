import type { Message } from '@atende/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { AlertCircle, Search, X } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { ServiceWindowGate } from '@/channels/cloud-api/components/service-window-gate';
import { Button, Skeleton } from '@/components/ui';
import { formatCount } from '@/lib/format';
import { useAuth } from '@/lib/session';
import { useClient } from '../api/get-client';
import { useConversationMessages } from '../api/get-conversation';
import { useTimeline } from '../api/get-timeline';
import { useMarkSeen } from '../hooks/use-mark-seen';
import { useMessageActions } from '../hooks/use-message-actions';
import { notify } from '../hooks/use-notify';
import { normalizeText } from '../lib/conversation-filters';
import { mergeTranscript } from '../lib/transcript';
import { applyMessage, findConversation } from '../realtime/cache-updates';
import { ChatHeader } from './chat-header';
import { Composer } from './composer';
import { ForwardModal } from './forward-modal';
import { MessageList } from './message-list';
import { ProfileModal } from './profile-modal';
import { ReplyModal } from './reply-modal';
import { SelectionBar } from './selection-bar';

interface Props {
  conversationId: string;
  deletedMessageIds: ReadonlySet<string>;
  onDeleteMessages: (ids: readonly string[]) => void;
  onBack: () => void;
}

/**
 * The open conversation: header, selection bar, the transcript (messages with the team's notes and
 * system lines), composer and modals. Seeing it marks it read.
 */
export function ChatPanel({ conversationId, deletedMessageIds, onDeleteMessages, onBack }: Props) {
  const qc = useQueryClient();
  const myId = useAuth().user?.id ?? null;
  const query = useConversationMessages(conversationId);
  const timeline = useTimeline(conversationId);
  const conversation =
    query.data?.pages.find((p) => p.conversation)?.conversation ??
    findConversation(qc, (row) => row.id === conversationId);
  const client = useClient(conversation?.clientId ?? null);

  const [replyTarget, setReplyTarget] = useState<Message | null>(null);
  const [isReplyModalOpen, setReplyModalOpen] = useState(false);
  const [forwarding, setForwarding] = useState<Message | null>(null);
  const [isProfileOpen, setProfileOpen] = useState(false);
  const [isSearchOpen, setSearchOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [isSelecting, setSelecting] = useState(false);
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());

  const allMessages = useMemo(
    () => (query.data?.pages.flatMap((p) => p.messages) ?? []).filter((m) => !deletedMessageIds.has(m.id)),
    [query.data, deletedMessageIds],
  );
  const messages = useMemo(() => {
    const needle = normalizeText(search);
    return needle ? allMessages.filter((m) => normalizeText(m.content).includes(needle)) : allMessages;
  }, [allMessages, search]);
  const hasOlder = Boolean(query.hasPreviousPage) && !search;
  const items = useMemo(() => {
    const needle = normalizeText(search);
    // A search finds notes too; system lines only make sense between the messages around them.
    const entries = (timeline.data ?? []).filter(
      (e) => !needle || (e.kind === 'note' && normalizeText(e.text).includes(needle)),
    );
    return mergeTranscript(messages, entries, { hasOlder });
  }, [messages, timeline.data, search, hasOlder]);
  const newestCustomerMessageId = useMemo(
    () => allMessages.findLast((m) => m.sender === 'client')?.id ?? null,
    [allMessages],
  );
  useMarkSeen(conversationId, newestCustomerMessageId, Boolean(query.data));

  const toggleSelect = useCallback((id: string) => {
    setSelecting(true);
    setSelectedIds((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

  const actions = useMessageActions({
    conversationId,
    onToggleSelect: toggleSelect,
    onReply: (message) => {
      setReplyTarget(message);
      requestAnimationFrame(() =>
        document.querySelector<HTMLTextAreaElement>('textarea[aria-label="Mensagem"]')?.focus(),
      );
    },
    onForward: setForwarding,
    onDeleteLocal: onDeleteMessages,
  });

  const deleteSelected = () => {
    if (selectedIds.size === 0) {
      notify.error('Nenhuma mensagem selecionada');
      return;
    }
    try {
      onDeleteMessages([...selectedIds]);
      setSelectedIds(new Set());
      setSelecting(false);
    } catch (error) {
      console.error(error);
      notify.error('Erro ao apagar mensagem(ns)');
    }
  };

  if (query.isError && !query.data) {
    return (
      <div role="alert" className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
        <AlertCircle aria-hidden="true" className="size-8 text-red-500" />
        <p className="font-medium text-slate-800 text-sm dark:text-slate-200">Erro ao carregar conversas</p>
        <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
          Tentar novamente
        </Button>
      </div>
    );
  }

  return (
    <>
      {conversation ? (
        <ChatHeader
          conversation={conversation}
          client={client.data}
          isSearchOpen={isSearchOpen}
          onToggleSearch={() => {
            setSearchOpen((open) => !open);
            setSearch('');
          }}
          onBack={onBack}
          onViewProfile={() => setProfileOpen(true)}
          onClosed={onBack}
        />
      ) : (
        <div className="flex h-[97px] items-start gap-3 border-slate-200 border-b px-4 py-2 dark:border-slate-800">
          <Skeleton className="size-10 rounded-full" />
          <Skeleton className="mt-3 h-4 w-40" />
        </div>
      )}
      {isSearchOpen && (
        <div className="flex items-center gap-2 border-slate-200 border-b bg-slate-50 px-4 py-2 dark:border-slate-800 dark:bg-slate-900/60">
          <Search aria-hidden="true" className="size-4 text-slate-400" />
          <input
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Buscar nesta conversa..."
            aria-label="Buscar nesta conversa"
            // biome-ignore lint/a11y/noAutofocus: opened on purpose by the search button
            autoFocus
            className="h-8 min-w-0 flex-1 bg-transparent text-sm outline-none placeholder:text-slate-400"
          />
          {search && (
            <span className="text-slate-500 text-xs">
              {formatCount(messages.length, 'resultado', 'resultados')}
            </span>
          )}
          <button
            type="button"
            aria-label="Fechar busca"
            onClick={() => setSearchOpen(false)}
            className="p-1 text-slate-400 hover:text-slate-700"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      )}
      {isSelecting && (
        <SelectionBar
          count={selectedIds.size}
          onSelectAll={() => setSelectedIds(new Set(messages.map((m) => m.id)))}
          onClear={() => setSelectedIds(new Set())}
          onDelete={deleteSelected}
          onExit={() => {
            setSelecting(false);
            setSelectedIds(new Set());
          }}
        />
      )}
      {query.isPending ? (
        <div aria-busy="true" className="flex flex-1 flex-col justify-end gap-3 overflow-hidden p-5">
          <Skeleton className="h-12 w-2/3 rounded-2xl" />
          <Skeleton className="ml-auto h-16 w-1/2 rounded-2xl" />
          <Skeleton className="h-10 w-1/2 rounded-2xl" />
        </div>
      ) : (
        <MessageList
          conversationId={conversationId}
          items={items}
          myId={myId}
          hasOlder={hasOlder}
          isFetchingOlder={query.isFetchingPreviousPage}
          onLoadOlder={() => void query.fetchPreviousPage()}
          actions={actions}
          selectedIds={selectedIds}
          isSelecting={isSelecting}
        />
      )}
      <ServiceWindowGate
        conversationId={conversationId}
        messages={allMessages}
        onTemplateSent={(message) => applyMessage(qc, message, false)}
        whileClosed={
          <Composer
            conversationId={conversationId}
            replyTarget={null}
            onCancelReply={() => {}}
            onOpenReplyModal={() => {}}
            canReply={false}
          />
        }
      >
        <Composer
          conversationId={conversationId}
          replyTarget={replyTarget}
          onCancelReply={() => setReplyTarget(null)}
          onOpenReplyModal={() => setReplyModalOpen(true)}
        />
      </ServiceWindowGate>
      <ReplyModal
        conversationId={conversationId}
        original={replyTarget ? (allMessages.find((m) => m.id === replyTarget.id) ?? null) : null}
        open={isReplyModalOpen}
        onClose={() => setReplyModalOpen(false)}
        onSent={() => setReplyTarget(null)}
      />
      <ForwardModal
        currentConversation={conversation}
        message={forwarding}
        open={forwarding !== null}
        onClose={() => setForwarding(null)}
      />
      {conversation && (
        <ProfileModal
          conversation={conversation}
          client={client.data}
          open={isProfileOpen}
          onClose={() => setProfileOpen(false)}
        />
      )}
    </>
  );
}
