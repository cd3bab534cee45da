import { useVirtualizer } from '@tanstack/react-virtual';
import { MessagesSquare } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Spinner } from '@/components/ui';
import { clarificationLinks } from '../lib/clarification-links';
import type { TranscriptItem } from '../lib/transcript';
import type { MessageActions } from './message-action-bar';
import { MessageBubble } from './message-bubble';
import { PopoverBoundaryContext } from './popover-boundary';
import { NoteBubble, SystemLine } from './timeline-line';

interface Props {
  conversationId: string;
  /** Messages, notes and system lines, oldest first (mergeTranscript). */
  items: readonly TranscriptItem[];
  /** The signed-in person: a note mentioning them is highlighted. */
  myId: string | null;
  hasOlder: boolean;
  isFetchingOlder: boolean;
  onLoadOlder: () => void;
  actions: MessageActions;
  selectedIds: ReadonlySet<string>;
  isSelecting: boolean;
}

const NEAR_BOTTOM_PX = 48;
/** How long the bottom holds after a send (rows measured, the file loaded). */
const STICK_AFTER_SEND_MS = 2500;
const LOAD_OLDER_PX = 400;

/**
 * Virtualised, chronological chat: messages, with the team's notes and system lines between them.
 * Opens at the bottom (newest first on screen), stays pinned to the bottom while the user is there,
 * and loads older pages on scroll up while keeping the view still: after a prepend the distance from
 * the bottom is restored; later size corrections of items above the viewport are compensated by the
 * virtualiser itself.
 */
export function MessageList({
  conversationId,
  items,
  myId,
  hasOlder,
  isFetchingOlder,
  onLoadOlder,
  actions,
  selectedIds,
  isSelecting,
}: Props) {
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const [boundary, setBoundary] = useState<HTMLDivElement | null>(null);
  const setScrollElement = useCallback((element: HTMLDivElement | null) => {
    scrollRef.current = element;
    setBoundary(element);
  }, []);
  const isPinnedRef = useRef(true);
  const fromBottomRef = useRef(0);
  const firstIdRef = useRef<string | null>(null);

  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 84,
    overscan: 4,
    paddingStart: 16,
    paddingEnd: 16,
    getItemKey: (index) => items[index]?.key ?? index,
  });
  const totalSize = virtualizer.getTotalSize();
  const links = useMemo(
    () => clarificationLinks(items.flatMap((item) => (item.kind === 'message' ? [item.message] : []))),
    [items],
  );

  const maybeLoadOlder = useCallback(() => {
    const el = scrollRef.current;
    if (!el || !hasOlder || isFetchingOlder) return;
    if (el.scrollTop < LOAD_OLDER_PX || el.scrollHeight <= el.clientHeight) onLoadOlder();
  }, [hasOlder, isFetchingOlder, onLoadOlder]);

  const onScroll = () => {
    const el = scrollRef.current;
    if (!el) return;
    fromBottomRef.current = el.scrollHeight - el.scrollTop;
    isPinnedRef.current =
      el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX ||
      performance.now() < stickUntilRef.current;
    maybeLoadOlder();
  };

  // A newly opened conversation starts at its newest message.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on conversation change
  useLayoutEffect(() => {
    isPinnedRef.current = true;
    firstIdRef.current = null;
  }, [conversationId]);

  // Older page prepended: keep the same distance from the bottom, so nothing moves on screen.
  const firstId = items[0]?.key ?? null;
  useLayoutEffect(() => {
    const el = scrollRef.current;
    const previous = firstIdRef.current;
    firstIdRef.current = firstId;
    if (!el || !previous || previous === firstId || isPinnedRef.current) return;
    if (items.some((item, i) => i > 0 && item.key === previous)) {
      el.scrollTop = el.scrollHeight - fromBottomRef.current;
    }
  }, [firstId, items]);

  // What a person of the team just sent (a reply, a file) is scrolled to, wherever the thread was.
  // (The last message, not the last line: a takeover's system line may follow the reply.)
  const last = items.findLast((item) => item.kind === 'message');
  const sentKey =
    last?.kind === 'message' && last.message.sender !== 'client' && !last.message.aiGenerated
      ? last.key
      : null;
  const sentKeyRef = useRef(sentKey);
  // For a moment after, the bottom holds while the rows it passes are measured and the file loads
  // (their growth would otherwise read as the user having scrolled away).
  const stickUntilRef = useRef(0);
  useLayoutEffect(() => {
    if (sentKey === sentKeyRef.current) return;
    sentKeyRef.current = sentKey;
    if (!sentKey) return;
    isPinnedRef.current = true;
    stickUntilRef.current = performance.now() + STICK_AFTER_SEND_MS;
  }, [sentKey]);

  // Pinned to the bottom: follow new messages and size corrections.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs whenever the content grows
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (el && isPinnedRef.current) el.scrollTop = el.scrollHeight;
  }, [totalSize, items.length, conversationId]);

  // A short first page that does not fill the panel: fetch more right away.
  useEffect(() => {
    maybeLoadOlder();
  }, [maybeLoadOlder]);

  // System lines alone (everything else deleted here) say nothing of the conversation itself.
  if (!items.some((item) => item.kind !== 'event')) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-2 p-6 text-center text-slate-500 text-sm dark:text-slate-400">
        <MessagesSquare aria-hidden="true" className="size-8 text-slate-300 dark:text-slate-600" />
        Nenhuma mensagem nesta conversa
      </div>
    );
  }

  return (
    <div
      ref={setScrollElement}
      onScroll={onScroll}
      data-testid="message-list"
      className="relative min-h-0 flex-1 overflow-y-auto overflow-x-hidden [contain:strict] [overflow-anchor:none]"
    >
      {isFetchingOlder && (
        <div className="absolute inset-x-0 top-2 z-10 flex justify-center">
          <span className="rounded-full bg-white/90 p-1.5 shadow dark:bg-slate-800/90">
            <Spinner size="sm" label="Carregando mensagens anteriores" />
          </span>
        </div>
      )}
      <PopoverBoundaryContext value={boundary}>
        <div role="log" aria-label="Mensagens" className="relative w-full" style={{ height: totalSize }}>
          {virtualizer.getVirtualItems().map((item) => {
            const line = items[item.index];
            if (!line) return null;
            return (
              <div
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className="absolute top-0 left-0 w-full"
                style={{ transform: `translateY(${item.start}px)` }}
              >
                {line.kind === 'message' ? (
                  <MessageBubble
                    message={line.message}
                    actions={actions}
                    isSelected={selectedIds.has(line.message.id)}
                    isSelecting={isSelecting}
                    linked={links.get(line.message.id)}
                  />
                ) : line.kind === 'note' ? (
                  <NoteBubble entry={line.entry} myId={myId} />
                ) : (
                  <SystemLine entry={line.entry} />
                )}
              </div>
            );
          })}
        </div>
      </PopoverBoundaryContext>
    </div>
  );
}
