import { formatPhone, LAST_CONTACT_FILTERS, type LastContactFilter } from '@atende/contracts';
import { useVirtualizer } from '@tanstack/react-virtual';
import { AlertCircle, Search, Users } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LabelChip } from '@/components/label-chip';
import { Avatar, Button, Card, Skeleton, Spinner } from '@/components/ui';
import { useLabels } from '@/lib/api/get-labels';
import { formatNumber, formatRelativeTime } from '@/lib/format';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useSearchParamsPatch } from '@/lib/use-search-params-patch';
import { type ClientsFilter, clientsFilterFromParams, useClientsPage } from '../api/get-clients-page';

const ROW_HEIGHT = 68;
const LAST_CONTACT_OPTIONS = Object.entries(LAST_CONTACT_FILTERS) as Array<[LastContactFilter, string]>;
function useFilterParams(): [
  ClientsFilter,
  (patch: Partial<Record<'busca' | 'etiqueta' | 'contato', string>>) => void,
] {
  const [params] = useSearchParams();
  const patchParams = useSearchParamsPatch();
  const filter = clientsFilterFromParams(params);
  const update = (patch: Partial<Record<'busca' | 'etiqueta' | 'contato', string>>) => patchParams(patch);
  return [filter, update];
}

const selectClasses =
  'h-9 min-w-0 flex-1 sm:flex-none rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';

/** The CRM list: server-paged by cursor as the user scrolls, rows virtualised; filters live in the URL. */
export function ClientsList() {
  const [filter, setFilter] = useFilterParams();
  // Only typing waits: the filter object is new at each render, its search text is not.
  const search = useDebouncedValue(filter.search, 250);
  const query = useClientsPage({ ...filter, search });
  const labels = useLabels();
  const labelById = useMemo(() => new Map((labels.data ?? []).map((l) => [l.id, l])), [labels.data]);
  const rows = useMemo(() => query.data?.pages.flatMap((p) => p.clients) ?? [], [query.data]);
  const total = query.data?.pages[0]?.total ?? 0;

  const scrollRef = useRef<HTMLDivElement>(null);
  const canLoadMore = Boolean(query.hasNextPage) && !query.isPlaceholderData;
  const virtualizer = useVirtualizer({
    count: rows.length + (canLoadMore ? 1 : 0),
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    getItemKey: (index) => rows[index]?.id ?? 'loader',
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? 0;
  const { isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (canLoadMore && !isFetchingNextPage && lastIndex >= rows.length - 15) void fetchNextPage();
  }, [canLoadMore, isFetchingNextPage, lastIndex, rows.length, fetchNextPage]);

  return (
    <Card className="flex min-h-0 flex-1 flex-col overflow-hidden">
      <div className="flex flex-col gap-2 border-slate-200 border-b p-4 sm:flex-row sm:items-center dark:border-slate-800">
        <label className="relative flex-1">
          <span className="sr-only">Buscar clientes</span>
          <Search
            className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-3 size-4 text-slate-400"
            aria-hidden
          />
          <input
            type="search"
            value={filter.search}
            onChange={(e) => setFilter({ busca: e.target.value })}
            placeholder="Buscar por nome, telefone ou e-mail"
            className="h-9 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-400 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
          />
        </label>
        <div className="flex gap-2">
          <select
            aria-label="Filtrar por etiqueta"
            value={filter.labelId ?? ''}
            onChange={(e) => setFilter({ etiqueta: e.target.value })}
            className={selectClasses}
          >
            <option value="">Todas as etiquetas</option>
            {(labels.data ?? []).map((label) => (
              <option key={label.id} value={label.id}>
                {label.name}
              </option>
            ))}
          </select>
          <select
            aria-label="Filtrar por último contato"
            value={filter.lastContact ?? ''}
            onChange={(e) => setFilter({ contato: e.target.value })}
            className={selectClasses}
          >
            <option value="">Qualquer data</option>
            {LAST_CONTACT_OPTIONS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="px-4 pt-3 text-slate-500 text-xs dark:text-slate-400" aria-live="polite">
        {query.data ? `${formatNumber(total)} ${total === 1 ? 'cliente' : 'clientes'}` : ' '}
      </p>

      {query.isError && !query.data ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-3 p-8 text-center">
          <AlertCircle className="size-8 text-red-500" aria-hidden />
          <p className="text-slate-700 dark:text-slate-200">Não foi possível carregar os clientes.</p>
          <Button variant="secondary" onClick={() => query.refetch()}>
            Tentar novamente
          </Button>
        </div>
      ) : query.isPending ? (
        <div className="space-y-2 p-4">
          {['a', 'b', 'c', 'd', 'e'].map((k) => (
            <Skeleton key={k} className="h-14" />
          ))}
        </div>
      ) : rows.length === 0 ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-2 p-8 text-center text-slate-500 dark:text-slate-400">
          <Users className="size-8" aria-hidden />
          <p>Nenhum cliente encontrado.</p>
        </div>
      ) : (
        <div ref={scrollRef} className="min-h-0 flex-1 overflow-y-auto" data-testid="clients-scroll">
          <ul className="relative" style={{ height: virtualizer.getTotalSize() }} aria-label="Clientes">
            {items.map((item) => {
              const client = rows[item.index];
              return (
                <li
                  key={item.key}
                  className="absolute inset-x-0 top-0"
                  style={{ height: item.size, transform: `translateY(${item.start}px)` }}
                >
                  {client ? (
                    <Link
                      to={`/clients/${encodeURIComponent(client.id)}`}
                      className="flex h-full items-center gap-3 border-slate-100 border-b px-4 hover:bg-slate-50 dark:border-slate-800 dark:hover:bg-slate-800/60"
                    >
                      <Avatar name={client.name} colorSeed={client.id} src={client.avatar} size="md" />
                      <div className="min-w-0 flex-1">
                        <div className="flex items-center gap-2">
                          <span className="truncate font-medium text-slate-900 dark:text-slate-100">
                            {client.erased ? 'Dados apagados' : (client.name ?? `Cliente ${client.id}`)}
                          </span>
                          {client.labelIds.slice(0, 2).map((id) => {
                            const label = labelById.get(id);
                            return label ? (
                              <LabelChip key={id} name={label.name} color={label.color} />
                            ) : null;
                          })}
                        </div>
                        <p className="truncate text-slate-500 text-sm dark:text-slate-400">
                          {client.phone ? formatPhone(client.phone) : 'Sem telefone'}
                        </p>
                      </div>
                      <div className="shrink-0 text-right text-xs">
                        <p className="text-slate-600 dark:text-slate-300">
                          {client.lastContact ? formatRelativeTime(client.lastContact) : '—'}
                        </p>
                        <p className="text-slate-400 dark:text-slate-500">
                          {formatNumber(client.conversationCount)}{' '}
                          {client.conversationCount === 1 ? 'conversa' : 'conversas'}
                        </p>
                      </div>
                    </Link>
                  ) : (
                    <div className="flex h-full items-center justify-center text-slate-500 text-sm">
                      <Spinner size="sm" label={null} />{' '}
                      <span className="ml-2">Carregando mais clientes...</span>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </Card>
  );
}
