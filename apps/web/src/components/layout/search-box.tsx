import { Search } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useMediaQuery } from '@/hooks/use-media-query';

/** Only logs the query; ⌘K / Ctrl+K focuses it. */
export function SearchBox() {
  const [query, setQuery] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const isDesktop = useMediaQuery('(min-width: 640px)');

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        input.current?.focus();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    console.info('Busca:', query);
  };

  return (
    <search className="block w-full max-w-md">
      <form onSubmit={onSubmit} className="relative">
        <label htmlFor="global-search" className="sr-only">
          Buscar
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        />
        <input
          ref={input}
          id="global-search"
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          aria-keyshortcuts="Meta+K Control+K"
          className="h-9 w-full rounded-lg border border-slate-200 bg-slate-50 pr-3 pl-9 text-slate-900 text-sm placeholder:text-slate-400 focus:border-indigo-500 focus:bg-white focus:outline-none focus:ring-2 focus:ring-indigo-500/30 sm:pr-14 dark:border-slate-700 dark:bg-slate-800/60 dark:text-slate-100 dark:placeholder:text-slate-500 dark:focus:bg-slate-900"
          placeholder={isDesktop ? 'Buscar clientes, conversas...' : 'Buscar...'}
        />
        <kbd className="pointer-events-none absolute top-1/2 right-2 hidden -translate-y-1/2 rounded border border-slate-200 bg-white px-1.5 font-sans text-[0.7rem] text-slate-500 sm:inline-block dark:border-slate-600 dark:bg-slate-900 dark:text-slate-400">
          ⌘K
        </kbd>
      </form>
    </search>
  );
}
