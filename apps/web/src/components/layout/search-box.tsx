import { Search } from 'lucide-react';
import { useMediaQuery } from '@/hooks/use-media-query';

export interface SearchBoxProps {
  /** Opens the command palette, with what was typed here so far. */
  onOpen: (query: string) => void;
  /** Pointer over or focus on the box: start loading the palette. */
  onIntent?: () => void;
}

/** The top bar's search: a click, Enter or the first letter typed opens the command palette (⌘K too). */
export function SearchBox({ onOpen, onIntent }: SearchBoxProps) {
  const isDesktop = useMediaQuery('(min-width: 640px)');
  const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

  return (
    <search className="block w-full max-w-md">
      <div className="relative">
        <label htmlFor="global-search" className="sr-only">
          Buscar
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        />
        <input
          id="global-search"
          type="search"
          value=""
          autoComplete="off"
          aria-haspopup="dialog"
          onChange={(event) => onOpen(event.target.value)}
          onClick={() => onOpen('')}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === 'ArrowDown') {
              event.preventDefault();
              onOpen('');
            }
          }}
          onPointerEnter={onIntent}
          onFocus={onIntent}
          aria-keyshortcuts="Meta+K Control+K"
          className="h-9 w-full cursor-pointer rounded-lg border border-slate-200 bg-slate-50 pr-3 pl-9 text-slate-900 text-sm placeholder:text-slate-500 focus:border-indigo-500 focus:bg-white focus:outline-none focus:ring-2 focus:ring-indigo-500/30 sm:pr-16 dark:border-slate-700 dark:bg-slate-800/60 dark:text-slate-100 dark:placeholder:text-slate-400 dark:focus:bg-slate-900"
          placeholder={isDesktop ? 'Buscar clientes, conversas...' : 'Buscar...'}
        />
        <kbd className="pointer-events-none absolute top-1/2 right-2 hidden -translate-y-1/2 rounded border border-slate-200 bg-white px-1.5 font-sans text-[0.7rem] text-slate-500 sm:inline-block dark:border-slate-600 dark:bg-slate-900 dark:text-slate-400">
          {isMac ? '⌘K' : 'Ctrl K'}
        </kbd>
      </div>
    </search>
  );
}
