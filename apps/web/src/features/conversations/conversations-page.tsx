import { MessagesSquare } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { cn } from '@/lib/cn';
import { OPEN_CONVERSATION_PARAM } from '@/lib/conversation-link';
import { useSearchParamsPatch } from '@/lib/use-search-params-patch';
import { ChatPanel } from './components/chat-panel';
import { Composer } from './components/composer';
import { ConversationListPanel } from './components/conversation-list-panel';
import { useConversationsRealtime } from './realtime/use-conversations-realtime';

/**
 * Route component for /conversations and /conversations/:id (lazy-loaded by the router).
 *
 * Selection lives in the `?c=` search param, not in the path: the path id preselects nothing (links
 * that open a chat carry `?c=`), so `/conversations/{id}` opens with nothing selected, while `?c=` lets
 * a reload or a shared link keep the open chat, and the browser Back button return to the list on
 * phones (each selection pushes a history entry).
 */
export default function ConversationsPage() {
  const [params] = useSearchParams();
  const patchParams = useSearchParamsPatch();
  const selectedId = params.get(OPEN_CONVERSATION_PARAM);
  const [deletedMessageIds, setDeletedMessageIds] = useState<ReadonlySet<string>>(new Set());
  useConversationsRealtime(selectedId);

  const select = useCallback(
    (id: string | null) => {
      patchParams({ [OPEN_CONVERSATION_PARAM]: id }, { replace: id === null });
    },
    [patchParams],
  );
  const onSelect = useCallback((id: string) => select(id), [select]);

  const deleteMessages = (ids: readonly string[]) => {
    setDeletedMessageIds((current) => {
      const next = new Set(current);
      for (const id of ids) next.add(id);
      return next;
    });
  };

  return (
    // The inbox is the viewport height minus 8rem. On a phone the inbox has no footer below it (the
    // layout hides it), so the list or the open chat takes everything under the 4rem top bar.
    <div className="flex h-[calc(100dvh-4rem)] min-h-[28rem] overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm md:h-[calc(100dvh-8rem)] dark:border-slate-800 dark:bg-slate-900">
      <ConversationListPanel
        selectedId={selectedId}
        onSelect={onSelect}
        className={selectedId ? 'hidden md:flex' : 'flex'}
      />
      <section
        aria-label="Conversa"
        className={cn(
          'min-w-0 flex-1 flex-col bg-slate-50 dark:bg-slate-950',
          selectedId ? 'flex' : 'hidden md:flex',
        )}
      >
        {selectedId ? (
          <ChatPanel
            key={selectedId}
            conversationId={selectedId}
            deletedMessageIds={deletedMessageIds}
            onDeleteMessages={deleteMessages}
            onBack={() => select(null)}
          />
        ) : (
          <>
            <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
              <span className="flex size-14 items-center justify-center rounded-full bg-indigo-50 text-indigo-600 dark:bg-indigo-500/10 dark:text-indigo-300">
                <MessagesSquare aria-hidden="true" className="size-7" />
              </span>
              <p className="font-medium text-slate-800 dark:text-slate-200">Selecione uma conversa</p>
              <p className="max-w-xs text-slate-500 text-sm dark:text-slate-400">
                Escolha uma conversa na lista para ver as mensagens e responder.
              </p>
            </div>
            <Composer
              conversationId={null}
              replyTarget={null}
              onCancelReply={() => {}}
              onOpenReplyModal={() => {}}
            />
          </>
        )}
      </section>
    </div>
  );
}
