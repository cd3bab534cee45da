import { conversationStatusLabel, formatPhone } from '@atende/contracts';
import * as Dialog from '@radix-ui/react-dialog';
import { Command } from 'cmdk';
import { CornerDownLeft, Keyboard, MessageSquareText, MessagesSquare, Search, UserRound } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { NAV_ITEMS } from '@/components/layout/nav-items';
import { Spinner } from '@/components/ui';
import { conversationHref } from '@/lib/conversation-link';
import { formatRelativeTime } from '@/lib/format';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { MIN_QUERY_LENGTH, useGlobalSearch } from '../api/global-search';
import { snippetAround } from '../lib/snippet';

const DEBOUNCE_MS = 200;

export interface CommandPaletteProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What was typed in the top bar's box before the palette took over. */
  initialQuery?: string;
  /** "Atalhos do teclado": the list of shortcuts. */
  onShowShortcuts: () => void;
}

const itemClass =
  'flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-slate-700 text-sm outline-none data-[selected=true]:bg-indigo-50 data-[selected=true]:text-indigo-900 dark:text-slate-200 dark:data-[selected=true]:bg-indigo-500/15 dark:data-[selected=true]:text-indigo-100';
const groupClass =
  '[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pt-3 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:text-slate-500 [&_[cmdk-group-heading]]:text-xs dark:[&_[cmdk-group-heading]]:text-slate-400';

function Highlighted({ text, query }: { text: string; query: string }) {
  const { before, match, after } = snippetAround(text, query);
  return (
    <>
      {before}
      {match && (
        <mark className="rounded-sm bg-amber-100 px-0.5 text-inherit dark:bg-amber-400/25">{match}</mark>
      )}
      {after}
    </>
  );
}

function Row({
  icon,
  title,
  detail,
  aside,
}: {
  icon: ReactNode;
  title: ReactNode;
  detail?: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <>
      <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400">
        {icon}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium">{title}</span>
        {detail && (
          <span className="block truncate text-slate-500 text-xs dark:text-slate-400">{detail}</span>
        )}
      </span>
      {aside && <span className="shrink-0 text-slate-500 text-xs dark:text-slate-400">{aside}</span>}
    </>
  );
}

/**
 * The top search (⌘K / Ctrl+K, or the top bar's box): clients, conversations and messages the viewer
 * may see, from the server; arrows move, Enter opens. Empty, it lists where to go and the shortcuts.
 */
export function CommandPalette({
  open,
  onOpenChange,
  initialQuery = '',
  onShowShortcuts,
}: CommandPaletteProps) {
  const [query, setQuery] = useState(initialQuery);
  const navigate = useNavigate();
  const debounced = useDebouncedValue(query.trim(), DEBOUNCE_MS);
  const isSearching = debounced.length >= MIN_QUERY_LENGTH;
  const search = useGlobalSearch(isSearching ? debounced : '');
  const results = isSearching ? search.data : undefined;
  const total = results ? results.clients.length + results.conversations.length + results.messages.length : 0;

  const go = (to: string) => {
    onOpenChange(false);
    navigate(to);
  };
  const needle = query.trim().toLowerCase();
  const places = NAV_ITEMS.filter((item) => !needle || item.label.toLowerCase().includes(needle));

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-[2px]" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed top-3 left-1/2 z-50 w-[calc(100vw-1.5rem)] max-w-xl -translate-x-1/2 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-2xl focus:outline-none sm:top-[12vh] dark:border-slate-700 dark:bg-slate-900"
        >
          <Dialog.Title className="sr-only">Buscar</Dialog.Title>
          <Command
            shouldFilter={false}
            loop
            vimBindings={false}
            label="Buscar clientes, conversas e mensagens"
          >
            <div className="flex items-center gap-2 border-slate-200 border-b px-4 dark:border-slate-700">
              <Search aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
              <Command.Input
                autoFocus
                value={query}
                onValueChange={setQuery}
                placeholder="Buscar clientes, conversas e mensagens..."
                className="h-12 min-w-0 flex-1 bg-transparent text-base text-slate-900 outline-none placeholder:text-slate-400 sm:text-sm dark:text-slate-100 dark:placeholder:text-slate-500"
              />
              {isSearching && search.isFetching && <Spinner size="sm" label="Buscando" />}
            </div>
            <Command.List className="max-h-[min(60dvh,28rem)] overflow-y-auto overscroll-contain p-2">
              {isSearching && search.isError && (
                <p role="alert" className="px-3 py-6 text-center text-red-600 text-sm dark:text-red-400">
                  {search.error.message}
                </p>
              )}
              {isSearching && results && total === 0 && !search.isFetching && (
                <p className="px-3 py-6 text-center text-slate-500 text-sm dark:text-slate-400">
                  Nada encontrado para “{debounced}”.
                </p>
              )}
              {!isSearching && query.trim().length > 0 && places.length === 0 && (
                <p className="px-3 py-6 text-center text-slate-500 text-sm dark:text-slate-400">
                  Digite ao menos {MIN_QUERY_LENGTH} letras para buscar.
                </p>
              )}
              {results && results.clients.length > 0 && (
                <Command.Group heading="Clientes" className={groupClass}>
                  {results.clients.map((client) => (
                    <Command.Item
                      key={client.id}
                      value={`client:${client.id}`}
                      onSelect={() => go(`/clients/${encodeURIComponent(client.id)}`)}
                      className={itemClass}
                    >
                      <Row
                        icon={<UserRound aria-hidden="true" className="size-4" />}
                        title={<Highlighted text={client.name} query={debounced} />}
                        detail={[formatPhone(client.phone), client.email].filter(Boolean).join(' · ')}
                      />
                    </Command.Item>
                  ))}
                </Command.Group>
              )}
              {results && results.conversations.length > 0 && (
                <Command.Group heading="Conversas" className={groupClass}>
                  {results.conversations.map((conversation) => (
                    <Command.Item
                      key={conversation.id}
                      value={`conversation:${conversation.id}`}
                      onSelect={() => go(conversationHref(conversation.id))}
                      className={itemClass}
                    >
                      <Row
                        icon={<MessagesSquare aria-hidden="true" className="size-4" />}
                        title={conversation.clientName}
                        detail={conversation.lastMessage ?? formatPhone(conversation.clientPhone)}
                        aside={conversationStatusLabel(conversation.status)}
                      />
                    </Command.Item>
                  ))}
                </Command.Group>
              )}
              {results && results.messages.length > 0 && (
                <Command.Group heading="Mensagens" className={groupClass}>
                  {results.messages.map((message) => (
                    <Command.Item
                      key={message.id}
                      value={`message:${message.id}`}
                      onSelect={() => go(conversationHref(message.conversationId))}
                      className={itemClass}
                    >
                      <Row
                        icon={<MessageSquareText aria-hidden="true" className="size-4" />}
                        title={message.clientName}
                        detail={<Highlighted text={message.content} query={debounced} />}
                        aside={formatRelativeTime(message.timestamp)}
                      />
                    </Command.Item>
                  ))}
                </Command.Group>
              )}
              {!isSearching && places.length > 0 && (
                <Command.Group heading="Ir para" className={groupClass}>
                  {places.map(({ to, label, icon: Icon, shortcut }) => (
                    <Command.Item key={to} value={`go:${to}`} onSelect={() => go(to)} className={itemClass}>
                      <Row
                        icon={<Icon aria-hidden="true" className="size-4" />}
                        title={label}
                        aside={
                          shortcut ? <kbd className="font-sans">G {shortcut.toUpperCase()}</kbd> : undefined
                        }
                      />
                    </Command.Item>
                  ))}
                  <Command.Item
                    value="shortcuts"
                    onSelect={() => {
                      onOpenChange(false);
                      onShowShortcuts();
                    }}
                    className={itemClass}
                  >
                    <Row
                      icon={<Keyboard aria-hidden="true" className="size-4" />}
                      title="Atalhos do teclado"
                      aside={<kbd className="font-sans">?</kbd>}
                    />
                  </Command.Item>
                </Command.Group>
              )}
            </Command.List>
            <div className="hidden items-center gap-4 border-slate-200 border-t px-4 py-2 text-slate-500 text-xs sm:flex dark:border-slate-700 dark:text-slate-400">
              <span>
                <kbd className="font-sans">↑</kbd> <kbd className="font-sans">↓</kbd> navegar
              </span>
              <span className="inline-flex items-center gap-1">
                <CornerDownLeft aria-hidden="true" className="size-3" /> abrir
              </span>
              <span>
                <kbd className="font-sans">Esc</kbd> fechar
              </span>
            </div>
          </Command>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
