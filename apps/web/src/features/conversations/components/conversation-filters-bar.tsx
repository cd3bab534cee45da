import type { ConversationStatusFilter, HandlerMode } from '@atende/contracts';
import { Search, X } from 'lucide-react';
import { useInboxes } from '@/lib/api/get-inboxes';
import { useLabels } from '@/lib/api/get-labels';
import type { ConversationFilters } from '../lib/conversation-filters';
import { HANDLER_FILTER_OPTIONS, STATUS_FILTER_OPTIONS } from '../lib/conversation-status';

const selectClass =
  'h-8 min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 text-slate-700 text-xs focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200';

interface Props {
  filters: ConversationFilters;
  onChange: (next: ConversationFilters) => void;
  /** The tab already says who answers (Não atribuídas: waiting for a person). */
  isHandlerFixed?: boolean;
}

/** Search, then inbox, status, who answers and label (who holds it is the tabs' job). */
export function ConversationFiltersBar({ filters, onChange, isHandlerFixed = false }: Props) {
  const labels = useLabels().data ?? [];
  const inboxes = useInboxes({ removed: true }).data ?? [];
  return (
    <div className="flex flex-col gap-2 px-4 pb-3">
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-400"
        />
        <input
          type="search"
          value={filters.search}
          onChange={(e) => onChange({ ...filters, search: e.target.value })}
          placeholder="Buscar conversas..."
          aria-label="Buscar conversas"
          className="h-9 w-full rounded-md border border-slate-300 bg-white pr-8 pl-8 text-slate-900 text-sm placeholder:text-slate-400 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 [&::-webkit-search-cancel-button]:hidden"
        />
        {filters.search && (
          <button
            type="button"
            aria-label="Limpar busca"
            onClick={() => onChange({ ...filters, search: '' })}
            className="absolute top-1/2 right-1.5 -translate-y-1/2 rounded p-1 text-slate-400 hover:text-slate-600 dark:hover:text-slate-200"
          >
            <X aria-hidden="true" className="size-3.5" />
          </button>
        )}
      </div>
      {/* With one number there is nothing to choose. */}
      {inboxes.length > 1 ? (
        <div className="flex">
          <select
            aria-label="Filtrar por caixa de entrada"
            value={filters.inboxId ?? ''}
            onChange={(e) => onChange({ ...filters, inboxId: e.target.value || null })}
            className={selectClass}
          >
            <option value="">Todas as caixas de entrada</option>
            {inboxes.map((inbox) => (
              <option key={inbox.id} value={inbox.id}>
                {inbox.removedAt ? `${inbox.name} (removida)` : inbox.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="grid grid-cols-2 gap-2">
        <select
          aria-label="Filtrar por status"
          value={filters.status}
          onChange={(e) => onChange({ ...filters, status: e.target.value as ConversationStatusFilter })}
          className={selectClass}
        >
          {STATUS_FILTER_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        {!isHandlerFixed && (
          <select
            aria-label="Filtrar por atendimento"
            value={filters.handler ?? ''}
            onChange={(e) =>
              onChange({ ...filters, handler: (e.target.value || null) as HandlerMode | null })
            }
            className={selectClass}
          >
            <option value="">Atendimento</option>
            {HANDLER_FILTER_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        )}
        {/* Without labels there is nothing to filter by. */}
        {labels.length > 0 && (
          <select
            aria-label="Filtrar por etiqueta"
            value={filters.tags[0] ?? ''}
            onChange={(e) => onChange({ ...filters, tags: e.target.value ? [e.target.value] : [] })}
            className={selectClass}
          >
            <option value="">Etiquetas</option>
            {labels.map((label) => (
              <option key={label.id} value={label.id}>
                {label.name}
              </option>
            ))}
          </select>
        )}
      </div>
    </div>
  );
}
