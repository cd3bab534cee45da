import { useVirtualizer } from '@tanstack/react-virtual';
import { AlertCircle, Inbox } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Skeleton, Spinner } from '@/components/ui';
import { useInboxNames } from '@/lib/api/use-inbox-names';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useConversations } from '../api/get-conversations';
import { INBOX_FILTER_PARAM, SEARCH_DEBOUNCE_MS } from '../lib/constants';
import {
  type ConversationFilters,
  DEFAULT_FILTERS,
  filterConversations,
  sameFilters,
} from '../lib/conversation-filters';
import { ConversationFiltersBar } from './conversation-filters-bar';
import { ConversationRow, ROW_HEIGHT } from './conversation-row';

interface Props {
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** Archived or deleted in this browser only (the server keeps them). */
  hiddenIds: ReadonlySet<string>;
  className?: string;
}

/**
 * The list: loaded rows filter at once on every keystroke; the server is asked (debounced) for
 * the same filters, paged by cursor as the user scrolls. Rows are virtualised (fixed height).
 */
export function ConversationListPanel({ selectedId, onSelect, hiddenIds, className }: Props) {
  const [params, setParams] = useSearchParams();
  const [localFilters, setLocalFilters] = useState<ConversationFilters>(DEFAULT_FILTERS);
  // The inbox filter lives in the URL (a reload or a shared link keeps it); the rest in the panel.
  const inboxId = params.get(INBOX_FILTER_PARAM);
  const filters = useMemo(() => ({ ...localFilters, inboxId }), [localFilters, inboxId]);
  const setFilters = useCallback(
    (next: ConversationFilters) => {
      setLocalFilters(next);
      if ((next.inboxId ?? null) === inboxId) return;
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next.inboxId) updated.set(INBOX_FILTER_PARAM, next.inboxId);
          else updated.delete(INBOX_FILTER_PARAM);
          return updated;
        },
        { replace: true },
      );
    },
    [inboxId, setParams],
  );
  const inboxNames = useInboxNames();
  const serverFilters = useDebouncedValue(filters, SEARCH_DEBOUNCE_MS);
  const query = useConversations(serverFilters);
  const {
    data,
    isPending,
    isError,
    isPlaceholderData,
    hasNextPage,
    isFetchingNextPage,
    fetchNextPage,
    refetch,
  } = query;

  const loaded = useMemo(() => data?.pages.flatMap((p) => p.rows) ?? [], [data]);
  const rows = useMemo(() => filterConversations(loaded, filters, hiddenIds), [loaded, filters, hiddenIds]);
  const isSynced = sameFilters(filters, serverFilters) && !isPlaceholderData;
  const hiddenLoaded = useMemo(() => loaded.filter((r) => hiddenIds.has(r.id)).length, [loaded, hiddenIds]);
  const total =
    isSynced && data ? Math.max(rows.length, (data.pages[0]?.total ?? 0) - hiddenLoaded) : rows.length;

  const scrollRef = useRef<HTMLDivElement>(null);
  const canLoadMore = isSynced && Boolean(hasNextPage);
  const virtualizer = useVirtualizer({
    count: rows.length + (canLoadMore ? 1 : 0),
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    getItemKey: (index) => rows[index]?.id ?? 'loader',
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items[items.length - 1]?.index ?? 0;

  useEffect(() => {
    if (canLoadMore && !isFetchingNextPage && lastIndex >= rows.length - 10) void fetchNextPage();
  }, [canLoadMore, isFetchingNextPage, lastIndex, rows.length, fetchNextPage]);

  // A new filter starts at the top of the list.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the filters change
  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
  }, [filters.status, filters.handler, filters.inboxId]);

  return (
    <aside
      aria-label="Conversas"
      className={cn(
        'w-full shrink-0 flex-col border-slate-200 bg-white md:w-80 md:border-r dark:border-slate-800 dark:bg-slate-900',
        className,
      )}
    >
      <div className="flex items-baseline justify-between px-4 pt-4 pb-3">
        <h2 className="font-semibold text-base text-slate-900 dark:text-slate-100">Conversas</h2>
        <span
          data-testid="conversation-count"
          className="text-slate-500 text-xs tabular-nums dark:text-slate-400"
        >
          {isPending ? '—' : `${formatNumber(total)} ${total === 1 ? 'conversa' : 'conversas'}`}
        </span>
      </div>
      <ConversationFiltersBar filters={filters} onChange={setFilters} />
      <div className="border-slate-200 border-t dark:border-slate-800" />
      {isError && !data ? (
        <div role="alert" className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
          <AlertCircle aria-hidden="true" className="size-8 text-red-500" />
          <p className="font-medium text-slate-800 text-sm dark:text-slate-200">Erro ao carregar conversas</p>
          <Button size="sm" variant="secondary" onClick={() => void refetch()}>
            Tentar novamente
          </Button>
        </div>
      ) : isPending ? (
        <div aria-busy="true" className="flex-1 overflow-hidden">
          {Array.from({ length: 7 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
            <div key={i} className="flex gap-3 px-4 py-3" style={{ height: ROW_HEIGHT }}>
              <Skeleton className="size-10 rounded-full" />
              <div className="flex flex-1 flex-col gap-2">
                <Skeleton className="h-3.5 w-2/3" />
                <Skeleton className="h-3 w-full" />
                <Skeleton className="h-3 w-1/2" />
              </div>
            </div>
          ))}
        </div>
      ) : rows.length === 0 ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-2 p-6 text-center text-slate-500 text-sm dark:text-slate-400">
          <Inbox aria-hidden="true" className="size-8 text-slate-300 dark:text-slate-600" />
          {isSynced ? 'Nenhuma conversa encontrada' : <Spinner size="sm" />}
        </div>
      ) : (
        <div
          ref={scrollRef}
          data-testid="conversation-list"
          className="min-h-0 flex-1 overflow-y-auto [contain:strict]"
        >
          <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
            {items.map((item) => {
              const row = rows[item.index];
              return (
                <div
                  key={item.key}
                  className="absolute top-0 left-0 w-full"
                  style={{ height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
                >
                  {row ? (
                    <ConversationRow
                      row={row}
                      isSelected={row.id === selectedId}
                      onSelect={onSelect}
                      inboxName={inboxNames?.get(row.inboxId)}
                    />
                  ) : (
                    <div className="flex h-full items-center justify-center">
                      <Spinner size="sm" />
                    </div>
                  )}
                </div>
              );
            })}
          </div>
        </div>
      )}
    </aside>
  );
}
