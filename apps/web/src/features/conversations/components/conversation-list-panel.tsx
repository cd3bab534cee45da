import { useVirtualizer } from '@tanstack/react-virtual';
import { AlertCircle, Inbox } from 'lucide-react';
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Skeleton, Spinner } from '@/components/ui';
import { useNow } from '@/hooks/use-now';
import { useAttention } from '@/lib/api/get-attention';
import { useInboxNames } from '@/lib/api/use-inbox-names';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
import { useAuth } from '@/lib/session';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useSearchParamsPatch } from '@/lib/use-search-params-patch';
import { useConversations } from '../api/get-conversations';
import { INBOX_FILTER_PARAM, SEARCH_DEBOUNCE_MS } from '../lib/constants';
import {
  type ConversationFilters,
  DEFAULT_FILTERS,
  filterConversations,
  sameFilters,
} from '../lib/conversation-filters';
import { type InboxTab, parseInboxTab, TAB_PARAM, tabFilters } from '../lib/inbox-tabs';
import { oldestWaitingFirst } from '../lib/waiting';
import { BulkActionsBar } from './bulk-actions-bar';
import { ConversationFiltersBar } from './conversation-filters-bar';
import { ConversationRow, ROW_HEIGHT } from './conversation-row';
import { InboxTabs } from './inbox-tabs';

interface Props {
  selectedId: string | null;
  onSelect: (id: string) => void;
  className?: string;
}

/**
 * The list: tabs Minhas / Não atribuídas / Todas with their live counts, then filters. Loaded rows
 * filter at once on every keystroke; the server is asked (debounced) for the same filters, paged by
 * cursor as the user scrolls. Rows are virtualised (fixed height); ↑/↓ move between them, x checks one
 * for a bulk action, Esc clears the checks.
 */
export function ConversationListPanel({ selectedId, onSelect, className }: Props) {
  const [params] = useSearchParams();
  const patchParams = useSearchParamsPatch();
  const [localFilters, setLocalFilters] = useState<ConversationFilters>(DEFAULT_FILTERS);
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const isAdmin = useAuth().user?.role === 'admin';
  // The inbox filter and the tab live in the URL (a reload or a shared link keeps them).
  const inboxId = params.get(INBOX_FILTER_PARAM);
  const tab = parseInboxTab(params.get(TAB_PARAM));
  const filters = useMemo(() => {
    const fixed = tabFilters(tab);
    return {
      ...localFilters,
      inboxId,
      assignee: fixed.assignee,
      handler: fixed.handler ?? localFilters.handler,
    };
  }, [localFilters, inboxId, tab]);
  const setParam = useCallback(
    (name: string, value: string | null) => patchParams({ [name]: value }),
    [patchParams],
  );
  const setFilters = useCallback(
    (next: ConversationFilters) => {
      // What a tab fixes (who holds it, waiting for a person) is the tab's, not the panel's.
      setLocalFilters((current) => ({
        ...next,
        assignee: 'all',
        handler: tab === 'unassigned' ? current.handler : next.handler,
      }));
      setChecked(new Set());
      if ((next.inboxId ?? null) !== inboxId) setParam(INBOX_FILTER_PARAM, next.inboxId ?? null);
    },
    [inboxId, setParam, tab],
  );
  const setTab = (next: InboxTab) => {
    setChecked(new Set());
    setParam(TAB_PARAM, next === 'all' ? null : next);
  };
  const inboxNames = useInboxNames();
  const attention = useAttention().data ?? null;
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
  const now = useNow(30_000);

  const loaded = useMemo(() => data?.pages.flatMap((p) => p.rows) ?? [], [data]);
  const rows = useMemo(() => {
    const shown = filterConversations(loaded, filters);
    return tab === 'unassigned' ? oldestWaitingFirst(shown) : shown;
  }, [loaded, filters, tab]);
  const isSynced = sameFilters(filters, serverFilters) && !isPlaceholderData;
  // Every row loaded: the count is the rows shown; otherwise the server's total for the filters.
  const total =
    isSynced && data && hasNextPage ? Math.max(rows.length, data.pages[0]?.total ?? 0) : rows.length;
  // The tab counts are open conversations: beside another status they would not be the rows'.
  const tabCounts = filters.status === 'active' ? attention : null;

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
  }, [filters.status, filters.handler, filters.inboxId, tab]);

  // Checks of rows that left the list (resolved, filtered out) are dropped.
  useEffect(() => {
    setChecked((current) => {
      if (current.size === 0) return current;
      const shown = new Set(rows.map((r) => r.id));
      const kept = [...current].filter((id) => shown.has(id));
      return kept.length === current.size ? current : new Set(kept);
    });
  }, [rows]);

  const toggleCheck = useCallback((id: string) => {
    setChecked((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

  const focusRow = (index: number) => {
    if (index < 0 || index >= rows.length) return;
    virtualizer.scrollToIndex(index, { align: 'auto' });
    requestAnimationFrame(() =>
      scrollRef.current?.querySelector<HTMLElement>(`[data-row-index="${index}"]`)?.focus(),
    );
  };

  const onListKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const row = (event.target as HTMLElement).closest<HTMLElement>('[data-row-index]');
    if (event.key === 'Escape' && checked.size > 0) {
      event.preventDefault();
      setChecked(new Set());
      return;
    }
    if (!row) return;
    const index = Number(row.dataset.rowIndex);
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      focusRow(index + (event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      focusRow(event.key === 'Home' ? 0 : rows.length - 1);
    } else if (event.key === 'x' && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      const id = rows[index]?.id;
      if (id) toggleCheck(id);
    }
  };

  return (
    <aside
      aria-label="Conversas"
      className={cn(
        // Wide enough on a desktop for a row's chips whole ('Aguardando humano', the inbox's name).
        'w-full shrink-0 flex-col border-slate-200 bg-white md:w-80 md:border-r xl:w-96 dark:border-slate-800 dark:bg-slate-900',
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
      <InboxTabs value={tab} onChange={setTab} counts={tabCounts} />
      <ConversationFiltersBar filters={filters} onChange={setFilters} isHandlerFixed={tab === 'unassigned'} />
      {checked.size > 0 ? (
        <BulkActionsBar
          selectedIds={[...checked]}
          canAssign={isAdmin}
          onClear={() => setChecked(new Set())}
        />
      ) : (
        <div className="border-slate-200 border-t dark:border-slate-800" />
      )}
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
        <div
          id="conversation-list-region"
          className="flex flex-1 flex-col items-center justify-center gap-2 p-6 text-center text-slate-500 text-sm dark:text-slate-400"
        >
          <Inbox aria-hidden="true" className="size-8 text-slate-300 dark:text-slate-600" />
          {isSynced ? (
            tab === 'unassigned' && filters.status === 'active' && !filters.search ? (
              'Ninguém aguardando atendimento'
            ) : (
              'Nenhuma conversa encontrada'
            )
          ) : (
            <Spinner size="sm" />
          )}
        </div>
      ) : (
        // biome-ignore lint/a11y/noStaticElementInteractions: the keys move between the row buttons inside
        <div
          ref={scrollRef}
          id="conversation-list-region"
          data-testid="conversation-list"
          onKeyDown={onListKeyDown}
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
                      index={item.index}
                      isSelected={row.id === selectedId}
                      onSelect={onSelect}
                      isChecked={checked.has(row.id)}
                      isChecking={checked.size > 0}
                      onCheck={toggleCheck}
                      now={now}
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
