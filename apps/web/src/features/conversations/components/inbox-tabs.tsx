import type { Attention } from '@atende/contracts';
import { type KeyboardEvent, useRef } from 'react';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
import { INBOX_TABS, type InboxTab } from '../lib/inbox-tabs';

/**
 * Minhas / Não atribuídas / Todas, each with its live count of open conversations (`counts` is null
 * while the list shows other statuses, where those counts would not be the rows'). ←/→ move between
 * tabs, as in any tab list.
 */
export function InboxTabs({
  value,
  onChange,
  counts,
}: {
  value: InboxTab;
  onChange: (tab: InboxTab) => void;
  counts: Attention | null;
}) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + INBOX_TABS.length) % INBOX_TABS.length;
    const tab = INBOX_TABS[next];
    if (!tab) return;
    onChange(tab.id);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label="Filas de conversas" className="flex gap-0.5 px-4 pb-2">
      {INBOX_TABS.map((tab, index) => {
        const selected = tab.id === value;
        const count = counts ? tab.count(counts) : null;
        return (
          <button
            key={tab.id}
            ref={(el) => {
              refs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`inbox-tab-${tab.id}`}
            aria-selected={selected}
            aria-controls="conversation-list-region"
            tabIndex={selected ? 0 : -1}
            data-testid={`inbox-tab-${tab.id}`}
            onClick={() => onChange(tab.id)}
            onKeyDown={(e) => onKeyDown(e, index)}
            className={cn(
              'flex min-w-0 flex-auto items-center justify-center gap-1 whitespace-nowrap rounded-md px-1.5 py-1.5 font-medium text-xs transition-colors focus-visible:outline-2 focus-visible:outline-indigo-500',
              selected
                ? 'bg-indigo-600 text-white shadow-sm dark:bg-indigo-500'
                : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-slate-100',
            )}
          >
            <span className="truncate">{tab.label}</span>
            {count !== null && (
              <span
                data-testid="tab-count"
                className={cn(
                  'min-w-4 rounded-full px-1 text-[11px] tabular-nums leading-4',
                  selected
                    ? 'bg-white/20 text-white'
                    : tab.id === 'unassigned' && count > 0
                      ? 'bg-amber-100 text-amber-800 dark:bg-amber-500/20 dark:text-amber-200'
                      : 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300',
                )}
              >
                {formatNumber(count)}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
